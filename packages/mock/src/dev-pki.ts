// The mock's dev PKI: made once in a git-ignored folder, reused on later runs, re-made on demand.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type KeyPair, makeCa, makeClientCert, makeServerCert, toPkcs12 } from './pki.ts';

export const environments = ['sandbox', 'production'] as const;
export type Environment = (typeof environments)[number];

/** Passphrase of the client PKCS#12 files (dev only; documented in the README). */
export const p12Passphrase = 'mock';

/** File names inside the PKI folder. */
export const pkiFiles = {
  serverCa: 'server-ca.pem',
  serverCert: 'server.pem',
  serverKey: 'server-key.pem',
  ca: (env: Environment): string => `${env}-ca.pem`,
  caKey: (env: Environment): string => `${env}-ca-key.pem`,
  clientCert: (env: Environment): string => `client-${env}.pem`,
  clientKey: (env: Environment): string => `client-${env}-key.pem`,
  clientP12: (env: Environment): string => `client-${env}.p12`,
  jwtPrivateKey: 'jwt-signing-key.pem',
  jwtPublicKey: 'jwt-signing-key.pub.pem',
} as const;

export interface DevPki {
  dir: string;
  /** Trust anchor of the gateway's server certificate: give it to clients as `ca`. */
  serverCa: string;
  server: KeyPair;
  /** The CA of each environment: the one that issued a client certificate selects the environment. */
  cas: Record<Environment, string>;
  clients: Record<Environment, KeyPair>;
  /** ES256 keys (PEM) that sign and verify the mock's dev tokens. */
  jwt: { privateKey: string; publicKey: string };
}

const marker = pkiFiles.jwtPublicKey; // written last: its presence means the folder is complete

/** Loads the PKI in `dir`, making it first when missing (or always, with `renew`). */
export async function ensureDevPki(
  dir: string,
  { renew = false }: { renew?: boolean } = {},
): Promise<DevPki> {
  if (renew || !existsSync(join(dir, marker))) await makeDevPki(dir);
  const read = (name: string) => readFile(join(dir, name), 'utf8');
  const pair = async (cert: string, key: string) => ({ cert: await read(cert), key: await read(key) });
  return {
    dir,
    serverCa: await read(pkiFiles.serverCa),
    server: await pair(pkiFiles.serverCert, pkiFiles.serverKey),
    cas: { sandbox: await read(pkiFiles.ca('sandbox')), production: await read(pkiFiles.ca('production')) },
    clients: {
      sandbox: await pair(pkiFiles.clientCert('sandbox'), pkiFiles.clientKey('sandbox')),
      production: await pair(pkiFiles.clientCert('production'), pkiFiles.clientKey('production')),
    },
    jwt: { privateKey: await read(pkiFiles.jwtPrivateKey), publicKey: await read(pkiFiles.jwtPublicKey) },
  };
}

async function makeDevPki(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  // The folder's own files go, not the folder: it may be a volume mounted into a container.
  await rm(join(dir, marker), { force: true });
  const write = (name: string, data: string | Buffer) => writeFile(join(dir, name), data, { mode: 0o600 });

  const serverCa = makeCa('Banking API Mock Server CA');
  const server = makeServerCert(serverCa, ['localhost', '127.0.0.1', '::1']);
  await write(pkiFiles.serverCa, serverCa.cert);
  await write(pkiFiles.serverCert, server.cert);
  await write(pkiFiles.serverKey, server.key);

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
