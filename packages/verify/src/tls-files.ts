// The --ca, --cert and --key files, read and checked before any request: each holds what its flag names
// (a swapped pair says so), parses, and the key is the certificate's. A mistake here is the command's
// (exit 2 naming the flag), never "no answer from the server".
import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { UsageError } from './options.js';

export interface TlsPems {
  readonly ca: string;
  readonly cert: string;
  readonly key: string;
}

/** The flag and file each PEM came from, for the messages. */
export interface TlsSources {
  readonly ca: string;
  readonly cert: string;
  readonly key: string;
  readonly flags?: { readonly ca: string; readonly cert: string; readonly key: string };
}

const DEFAULT_FLAGS = { ca: '--ca', cert: '--cert', key: '--key' };

export function checkTlsFiles(pems: TlsPems, sources: TlsSources): void {
  const flags = sources.flags ?? DEFAULT_FLAGS;
  const named = (which: keyof TlsPems) => `${flags[which]} ${sources[which]}`;
  const swapped = `: are ${flags.cert} and ${flags.key} swapped?`;
  const ca = labelsOf(pems.ca);
  if (!ca.certificate)
    throw new UsageError(
      `${named('ca')} holds no PEM certificate (BEGIN CERTIFICATE); give the CA that issued the server's certificate.`,
    );
  const cert = labelsOf(pems.cert);
  if (!cert.certificate)
    throw new UsageError(
      `${named('cert')} holds no PEM certificate${cert.privateKey ? `, but a private key${swapped}` : '.'}`,
    );
  const key = labelsOf(pems.key);
  if (!key.privateKey)
    throw new UsageError(
      `${named('key')} holds no PEM private key${key.certificate ? `, but a certificate${swapped}` : '.'}`,
    );
  parsedCertificate(pems.ca, named('ca'));
  const certificate = parsedCertificate(pems.cert, named('cert'));
  const privateKey = parsedKey(pems.key, named('key'));
  if (!certificate.checkPrivateKey(privateKey))
    throw new UsageError(
      `${named('key')} is not the key of ${named('cert')}: give the key made with that certificate.`,
    );
  if (Date.parse(certificate.validTo) < Date.now())
    throw new UsageError(
      `${named('cert')} expired on ${certificate.validTo}: give a current client certificate.`,
    );
}

/** Which kinds of PEM block a text holds, by their BEGIN lines (a scan with indexOf, linear). */
export function labelsOf(text: string): { certificate: boolean; privateKey: boolean } {
  const found = { certificate: false, privateKey: false };
  const marker = '-----BEGIN ';
  for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + marker.length)) {
    const end = text.indexOf('-----', at + marker.length);
    if (end === -1) break;
    const label = text.slice(at + marker.length, end);
    if (label === 'CERTIFICATE') found.certificate = true;
    if (label.endsWith('PRIVATE KEY')) found.privateKey = true;
  }
  return found;
}

function parsedCertificate(pem: string, named: string): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch (error) {
    throw new UsageError(`${named} is not a readable PEM certificate (${codeOf(error)}).`);
  }
}

function parsedKey(pem: string, named: string): KeyObject {
  try {
    return createPrivateKey(pem);
  } catch (error) {
    const encrypted = pem.includes('ENCRYPTED');
    throw new UsageError(
      encrypted
        ? `${named} is encrypted; give the key without a passphrase.`
        : `${named} is not a readable PEM private key (${codeOf(error)}).`,
    );
  }
}

const codeOf = (error: unknown) => (error as { code?: string }).code ?? (error as Error).message;
