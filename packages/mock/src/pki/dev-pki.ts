// The mock's dev PKI: made once in a git-ignored folder, reused on later runs, re-made on demand. The
// server certificate names localhost and the loopback addresses, and any further names asked for (a
// compose service, a Kubernetes Service): a PKI whose certificate lacks one gets a new server certificate
// from its own server CA, so that clients trusting that CA keep working. The webhook client certificate
// (`webhook-client.pem`, from its own CA `webhook-ca.pem`) is what the mock presents when it delivers a
// webhook: receivers trust that CA; a folder made before it had one gets one.
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { type KeyPair, makeCa, makeClientCert, makeServerCert, toPkcs12 } from './certificates.ts';

export const environments = ['sandbox', 'production'] as const;
export type Environment = (typeof environments)[number];

/** Passphrase of the client PKCS#12 files (dev only; documented in the README). */
export const p12Passphrase = 'mock';

/** File names inside the PKI folder. */
export const pkiFiles = {
  serverCa: 'server-ca.pem',
  serverCaKey: 'server-ca-key.pem',
  serverCert: 'server.pem',
  serverKey: 'server-key.pem',
  ca: (env: Environment): string => `${env}-ca.pem`,
  caKey: (env: Environment): string => `${env}-ca-key.pem`,
  clientCert: (env: Environment): string => `client-${env}.pem`,
  clientKey: (env: Environment): string => `client-${env}-key.pem`,
  clientP12: (env: Environment): string => `client-${env}.p12`,
  webhookCa: 'webhook-ca.pem',
  webhookCaKey: 'webhook-ca-key.pem',
  webhookClientCert: 'webhook-client.pem',
  webhookClientKey: 'webhook-client-key.pem',
  jwtPrivateKey: 'jwt-signing-key.pem',
  jwtPublicKey: 'jwt-signing-key.pub.pem',
} as const;

/** What the server certificate always names. */
export const defaultServerNames: readonly string[] = ['localhost', '127.0.0.1', '::1'];

export interface DevPki {
  dir: string;
  /** The DNS names and addresses the server certificate names. */
  serverNames: string[];
  /** Trust anchor of the gateway's server certificate: give it to clients as `ca`. */
  serverCa: string;
  server: KeyPair;
  /** The CA of each environment: the one that issued a client certificate selects the environment. */
  cas: Record<Environment, string>;
  clients: Record<Environment, KeyPair>;
  /** ES256 keys (PEM) that sign and verify the mock's dev tokens. */
  jwt: { privateKey: string; publicKey: string };
  /** What the mock presents when it delivers a webhook: its client certificate, and the CA receivers trust. */
  webhook: { ca: string; client: KeyPair };
}

const marker = pkiFiles.jwtPublicKey; // written last: its presence means the folder is complete

export interface PkiOptions {
  /** Make a new PKI even when the folder holds one. */
  renew?: boolean | undefined;
  /** Names the server certificate must have besides the defaults: DNS names (`*.svc` too) or IP addresses. */
  serverNames?: readonly string[] | undefined;
}

/**
 * Loads the PKI in `dir`, making it first when missing (or always, with `renew`); when its server
 * certificate lacks one of `serverNames`, a new one is issued.
 */
export async function ensureDevPki(
  dir: string,
  { renew = false, serverNames = [] }: PkiOptions = {},
): Promise<DevPki> {
  const names = [...new Set([...defaultServerNames, ...serverNames.map(checkedName)])];
  if (renew || !existsSync(join(dir, marker))) await makeDevPki(dir, names);
  else await coverServerNames(dir, names);
  const read = (name: string) => readFile(join(dir, name), 'utf8');
  const pair = async (cert: string, key: string) => ({ cert: await read(cert), key: await read(key) });
  const server = await pair(pkiFiles.serverCert, pkiFiles.serverKey);
  return {
    dir,
    serverNames: namesOf(server.cert),
    serverCa: await read(pkiFiles.serverCa),
    server,
    cas: { sandbox: await read(pkiFiles.ca('sandbox')), production: await read(pkiFiles.ca('production')) },
    clients: {
      sandbox: await pair(pkiFiles.clientCert('sandbox'), pkiFiles.clientKey('sandbox')),
      production: await pair(pkiFiles.clientCert('production'), pkiFiles.clientKey('production')),
    },
    jwt: { privateKey: await read(pkiFiles.jwtPrivateKey), publicKey: await read(pkiFiles.jwtPublicKey) },
    webhook: await webhookIdentity(dir),
  };
}

/**
 * The webhook client certificate and its CA, made in the folder when it has none (a PKI made before
 * deliveries were). A folder that cannot be written keeps working: the pair is then made for this run only.
 */
async function webhookIdentity(dir: string): Promise<DevPki['webhook']> {
  const files = [pkiFiles.webhookCa, pkiFiles.webhookClientCert, pkiFiles.webhookClientKey];
  if (files.every((name) => existsSync(join(dir, name)))) {
    const read = (name: string) => readFile(join(dir, name), 'utf8');
    const client = {
      cert: await read(pkiFiles.webhookClientCert),
      key: await read(pkiFiles.webhookClientKey),
    };
    return { ca: await read(pkiFiles.webhookCa), client };
  }
  const ca = makeCa('Banking API Mock Webhook CA');
  const client = makeClientCert(ca, 'banking-api-mock-webhooks');
  const write = (name: string, data: string) => writeFile(join(dir, name), data, { mode: 0o600 });
  try {
    await write(pkiFiles.webhookCaKey, ca.key);
    await write(pkiFiles.webhookClientKey, client.key);
    await write(pkiFiles.webhookClientCert, client.cert);
    await write(pkiFiles.webhookCa, ca.cert);
  } catch {
    // read-only (a Secret mounted into a container): this run's pair is not kept
  }
  return { ca: ca.cert, client };
}

const dnsName =
  /^(?:\*\.)?(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** A DNS name or IP address a certificate can name, or an error saying what is wrong with it. */
function checkedName(name: string): string {
  const trimmed = name.trim();
  if (isIP(trimmed) || (trimmed.length <= 253 && dnsName.test(trimmed))) return trimmed;
  throw new Error(`server name "${name.slice(0, 80)}" is neither a DNS name nor an IP address`);
}

/** An IP address in one spelling (`0:0:0:0:0:0:0:1` is `::1`), a DNS name in lower case. */
export function canonicalName(name: string): string {
  if (isIP(name) === 6) return new URL(`http://[${name}]/`).hostname.slice(1, -1);
  return isIP(name) ? name : name.toLowerCase();
}

/** The DNS names and IP addresses of a certificate's subjectAltName, each in one spelling. */
function namesOf(certPem: string): string[] {
  const alt = new X509Certificate(certPem).subjectAltName ?? '';
  return alt
    .split(', ')
    .map((entry) => canonicalName(entry.replace(/^(DNS|IP Address):/, '')))
    .filter(Boolean);
}

/**
 * Issues a new server certificate when the present one lacks a name, from the folder's own server CA, so
 * that clients trusting `server-ca.pem` keep working. A folder made before that CA's key was kept, or one
 * that cannot be written (a Secret mounted read-only), is refused with the command that makes a fit one.
 */
async function coverServerNames(dir: string, names: string[]): Promise<void> {
  const cert = new X509Certificate(await readFile(join(dir, pkiFiles.serverCert), 'utf8'));
  const missing = names.filter((n) => (isIP(n) ? cert.checkIP(n) : cert.checkHost(n)) === undefined);
  if (missing.length === 0) return;
  const extra = names.filter((n) => !defaultServerNames.includes(n)).join(',');
  const make = `make the PKI with "banking-api-mock --init-pki --pki-dir <dir> --server-names ${extra}" and use that folder`;
  const lacking = `the server certificate in ${dir} does not name ${missing.join(', ')}`;
  if (!existsSync(join(dir, pkiFiles.serverCaKey)))
    throw new Error(
      `${lacking}, and the folder keeps no key of its server CA to issue one (a PKI made by an older mock): ${make}, or --renew-pki`,
    );
  try {
    await writeServerCert(dir, [...new Set([...namesOf(cert.toString()), ...names.map(canonicalName)])]);
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new Error(`${lacking}, and a new one cannot be written there (${why}): ${make}`);
  }
}

/** A server certificate for `names`, from the folder's server CA (a new CA, kept, when the folder has none). */
async function writeServerCert(dir: string, names: string[]): Promise<void> {
  const write = (name: string, data: string | Buffer) => writeFile(join(dir, name), data, { mode: 0o600 });
  const caKeyPath = join(dir, pkiFiles.serverCaKey);
  const serverCa = existsSync(caKeyPath)
    ? { cert: await readFile(join(dir, pkiFiles.serverCa), 'utf8'), key: await readFile(caKeyPath, 'utf8') }
    : makeCa('Banking API Mock Server CA');
  const server = makeServerCert(serverCa, names);
  await write(pkiFiles.serverCa, serverCa.cert);
  await write(pkiFiles.serverCaKey, serverCa.key);
  await write(pkiFiles.serverKey, server.key);
  await write(pkiFiles.serverCert, server.cert);
}

async function makeDevPki(dir: string, serverNames: string[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  // The folder's own files go, not the folder: it may be a volume mounted into a container.
  await rm(join(dir, marker), { force: true });
  await rm(join(dir, pkiFiles.serverCaKey), { force: true });
  await rm(join(dir, pkiFiles.webhookCa), { force: true }); // a renewed PKI gets a new webhook pair too
  const write = (name: string, data: string | Buffer) => writeFile(join(dir, name), data, { mode: 0o600 });
  await writeServerCert(dir, serverNames);

  for (const env of environments) {
    const ca = makeCa(`Banking API Mock ${env} CA`);
    const client = makeClientCert(ca, `banking-api-mock-${env}-client`);
    await write(pkiFiles.ca(env), ca.cert);
    await write(pkiFiles.caKey(env), ca.key);
    await write(pkiFiles.clientCert(env), client.cert);
    await write(pkiFiles.clientKey(env), client.key);
    await write(pkiFiles.clientP12(env), toPkcs12(client, [ca.cert], p12Passphrase));
  }

  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  await write(pkiFiles.jwtPrivateKey, privateKey);
  await write(pkiFiles.jwtPublicKey, publicKey);
}
