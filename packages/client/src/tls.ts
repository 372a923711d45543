import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { buildConnector } from 'undici';
import type { PemSource, PemTlsOptions, TlsOptions } from './options.js';

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
  if (!new RegExp(`-----BEGIN [A-Z ]*${label}-----`).test(pem.toString('latin1')))
    throw new TypeError(
      `createBankingClient: \`tls.${field}\` is not PEM (expected a "-----BEGIN ... ${label}-----" block)`,
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
  const options: ResolvedTls['options'] = {};
  if ('pfx' in tls) options.pfx = read(tls.pfx, 'pfx');
  else if ('cert' in tls || 'key' in tls) {
    const pem = tls as Partial<PemTlsOptions>;
    if (!pem.cert || !pem.key)
      throw new TypeError('createBankingClient: `tls` needs both `cert` and `key` (or `pfx`)');
    options.cert = readPem(pem.cert, 'cert', 'CERTIFICATE');
    options.key = readPem(pem.key, 'key', 'PRIVATE KEY');
  }
  if ('passphrase' in tls && tls.passphrase !== undefined) options.passphrase = tls.passphrase;
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

/** TLS to the origin: TLS 1.2 at least, the server certificate always verified. */
export function tlsConnectOptions(tls: ResolvedTls, timeoutMs: number): buildConnector.BuildOptions {
  return { ...tls.options, minVersion: 'TLSv1.2', rejectUnauthorized: true, timeout: timeoutMs };
}

/** undici connector for a direct connection to the origin. */
export function connector(tls: ResolvedTls, timeoutMs: number): buildConnector.connector {
  return buildConnector(tlsConnectOptions(tls, timeoutMs));
}

/**
 * Whether the server drops a fresh connection right after the TLS handshake without a word, which is
 * how a refused client certificate looks over TLS 1.3 when the server sends no alert ("other side
 * closed"). A server that accepted the certificate keeps the idle connection open.
 */
export function refusesHandshake(
  connect: buildConnector.connector,
  origin: URL,
  waitMs = 400,
): Promise<boolean> {
  const port = Number(origin.port || 443);
  const hostname = origin.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    connect(
      {
        hostname,
        host: origin.host,
        protocol: 'https:',
        port: String(port),
        servername: undefined,
        localAddress: null,
        httpSocket: undefined,
      },
      (error, socket) => {
        if (error || !socket)
          return resolve(
            Boolean(
              error &&
                /SSL|TLS|before secure TLS/.test(`${(error as { code?: string }).code} ${error.message}`),
            ),
          );
        const timer = setTimeout(() => {
          socket.destroy();
          resolve(false);
        }, waitMs);
        socket.on('error', () => undefined);
        socket.once('close', () => {
          clearTimeout(timer);
          resolve(true);
        });
        socket.resume();
      },
    );
  });
}
