import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createSecureContext, type TLSSocket } from 'node:tls';
import { buildConnector } from 'undici';
import type { PemSource, TlsOptions } from './options.js';

type Material = string | Buffer;

function read(source: PemSource | Buffer | { path: string }, field: string): Material {
  if (typeof source === 'string' || Buffer.isBuffer(source)) {
    if (source.length === 0) throw new TypeError(`createBankingClient: \`tls.${field}\` is empty`);
    return source;
  }
  if (source && typeof source === 'object' && typeof source.path === 'string') {
    try {
      return readFileSync(source.path);
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'error';
      throw new TypeError(`createBankingClient: cannot read \`tls.${field}\` from ${source.path} (${code})`);
    }
  }
  throw new TypeError(`createBankingClient: \`tls.${field}\` must be a PEM string, a Buffer or { path }`);
}

function readPem(source: PemSource, field: string, label: string): Material {
  const pem = read(source, field);
  if (!pem.toString('latin1').includes(`-----BEGIN ${label}`.replace('%', '')))
    throw new TypeError(
      `createBankingClient: \`tls.${field}\` is not PEM (expected a "-----BEGIN ${label.replace('%', '')}" block)`,
    );
  return pem;
}

/** Node TLS options for the connector, plus what error hints may say about the certificate. */
export interface ResolvedTls {
  options: { cert?: Material; key?: Material; pfx?: Material; passphrase?: string; ca?: Material[] };
  certificate: { subject: string; validTo: Date } | undefined;
}

/** Reads and checks the certificate material now, so a bad key or passphrase fails at creation. */
export function resolveTls(tls: TlsOptions | undefined): ResolvedTls {
  if (!tls) return { options: {}, certificate: undefined };
  const ca =
    tls.ca === undefined
      ? undefined
      : (Array.isArray(tls.ca) ? tls.ca : [tls.ca]).map((c) => readPem(c, 'ca', 'CERTIFICATE'));
  const options: ResolvedTls['options'] =
    'pfx' in tls
      ? { pfx: read(tls.pfx, 'pfx') }
      : { cert: readPem(tls.cert, 'cert', 'CERTIFICATE'), key: readPem(tls.key, 'key', '%') };
  if (tls.passphrase !== undefined) options.passphrase = tls.passphrase;
  if (ca) options.ca = ca;
  try {
    createSecureContext(options);
  } catch (error) {
    // OpenSSL's reason only (never the material): "bad decrypt", "key values mismatch", "mac verify failure"...
    const reason = error instanceof Error ? error.message.replace(/^.*routines:/, '') : 'invalid';
    throw new TypeError(
      `createBankingClient: the client certificate cannot be loaded (${reason}): check that key and certificate belong together and \`tls.passphrase\``,
    );
  }
  return { options, certificate: describe(options) };
}

function describe(options: ResolvedTls['options']): ResolvedTls['certificate'] {
  if (!options.cert) return undefined; // PKCS#12: node:crypto cannot open it; createSecureContext accepted it
  const cert = new X509Certificate(options.cert);
  return { subject: cert.subject.replace(/\n/g, ', '), validTo: new Date(cert.validTo) };
}

/** Connection events the error hints need. */
export interface TlsWatch {
  /** Time a TLS 1.3 connection closed before the server confirmed the client certificate. */
  rejectedAt: number;
  handshakes: number;
}

/**
 * undici connector: TLS 1.2+, server certificate always verified. Over TLS 1.3 a refused client
 * certificate only shows as "other side closed"; a server that accepted it sends a session ticket
 * first, so a connection closing without one is recorded as a refused handshake.
 */
export function connector(tls: ResolvedTls, watch: TlsWatch): buildConnector.connector {
  const connect = buildConnector({ ...tls.options, minVersion: 'TLSv1.2', rejectUnauthorized: true });
  return (opts, callback) =>
    connect(opts, (error, socket) => {
      if (socket && 'getProtocol' in socket) {
        const tlsSocket = socket as TLSSocket;
        watch.handshakes++;
        if (tlsSocket.getProtocol() === 'TLSv1.3') {
          let confirmed = false;
          tlsSocket.once('session', () => {
            confirmed = true;
          });
          tlsSocket.once('close', () => {
            if (!confirmed) watch.rejectedAt = Date.now();
          });
        }
      }
      if (error) callback(error, null);
      else callback(null, socket as NonNullable<typeof socket>);
    });
}
