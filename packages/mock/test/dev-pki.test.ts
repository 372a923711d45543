// The dev PKI: made once, reused, re-made on demand; each environment's CA issues its client
// certificate; PKCS#12 opens with the documented passphrase.
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DevPki, ensureDevPki, p12Passphrase, pkiFiles } from '../src/pki/dev-pki.ts';

let dir: string;
let pki: DevPki;

beforeAll(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'banking-dev-pki-')), 'pki');
  pki = await ensureDevPki(dir);
});
afterAll(() => rm(join(dir, '..'), { recursive: true, force: true }));

test('each environment CA issues its own client certificate, and only that one', () => {
  const sandboxCa = new X509Certificate(pki.cas.sandbox);
  const productionCa = new X509Certificate(pki.cas.production);
  const sandbox = new X509Certificate(pki.clients.sandbox.cert);
  const production = new X509Certificate(pki.clients.production.cert);
  expect(sandbox.checkIssued(sandboxCa) && sandbox.verify(sandboxCa.publicKey)).toBe(true);
  expect(production.checkIssued(productionCa) && production.verify(productionCa.publicKey)).toBe(true);
  expect(sandbox.checkIssued(productionCa)).toBe(false);
});

test('the server certificate covers localhost and 127.0.0.1 and chains to server-ca.pem', () => {
  const server = new X509Certificate(pki.server.cert);
  expect(server.checkHost('localhost')).toBe('localhost');
  expect(server.checkIP('127.0.0.1')).toBe('127.0.0.1');
  expect(server.verify(new X509Certificate(pki.serverCa).publicKey)).toBe(true);
});

test('the PKCS#12 files open with the documented passphrase and hold key and certificate', () => {
  const der = readFileSync(join(dir, pkiFiles.clientP12('sandbox'))).toString('binary');
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der), p12Passphrase);
  const certBag = forge.pki.oids.certBag as string;
  const keyBag = forge.pki.oids.pkcs8ShroudedKeyBag as string;
  const certs = p12.getBags({ bagType: certBag })[certBag] ?? [];
  const keys = p12.getBags({ bagType: keyBag })[keyBag] ?? [];
  expect(certs.map((b) => b.cert?.subject.getField('CN')?.value)).toContain(
    'banking-api-mock-sandbox-client',
  );
  expect(keys).toHaveLength(1);
  expect(() => forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der), 'wrong')).toThrow();
});

test('a second run reuses the PKI; renew makes a new one', async () => {
  expect((await ensureDevPki(dir)).clients.sandbox.cert).toBe(pki.clients.sandbox.cert);
  const renewed = await ensureDevPki(dir, { renew: true });
  expect(renewed.clients.sandbox.cert).not.toBe(pki.clients.sandbox.cert);
  expect(renewed.jwt.publicKey).not.toBe(pki.jwt.publicKey);
});

test('server names: a PKI lacking one gets a new server certificate from the same server CA', async () => {
  const before = await ensureDevPki(dir);
  const named = await ensureDevPki(dir, { serverNames: ['banking-api-mock', '10.0.0.5', '*.testing.svc'] });
  const server = new X509Certificate(named.server.cert);
  expect(server.checkHost('banking-api-mock')).toBe('banking-api-mock');
  expect(server.checkHost('mock.testing.svc')).toBe('*.testing.svc'); // the wildcard that covers it
  expect(server.checkIP('10.0.0.5')).toBe('10.0.0.5');
  expect(server.checkHost('localhost')).toBe('localhost');
  expect(named.serverCa).toBe(before.serverCa); // clients that trust server-ca.pem keep working
  expect(server.verify(new X509Certificate(named.serverCa).publicKey)).toBe(true);
  expect(named.clients.sandbox.cert).toBe(before.clients.sandbox.cert);
  // Already named: nothing is written again.
  expect((await ensureDevPki(dir, { serverNames: ['banking-api-mock'] })).server.cert).toBe(
    named.server.cert,
  );
});

test('server names that are no DNS name or address are refused', async () => {
  for (const bad of ['has space', 'a/b', '-lead.example', ''.padEnd(254, 'a')])
    await expect(ensureDevPki(dir, { serverNames: [bad] })).rejects.toThrow(
      /neither a DNS name nor an IP address/,
    );
});

test('a PKI made before the server CA key was kept is not given a new CA silently: the error says what to run', async () => {
  const old = join(dir, '..', 'old-pki');
  await ensureDevPki(old);
  await rm(join(old, pkiFiles.serverCaKey));
  await expect(ensureDevPki(old, { serverNames: ['banking-api-mock'] })).rejects.toThrow(
    /keeps no key of its server CA[\s\S]*--init-pki --pki-dir <dir> --server-names banking-api-mock/,
  );
});

test('each name once, in one spelling, however often it is asked for', async () => {
  const named = await ensureDevPki(dir, { serverNames: ['::1', '0:0:0:0:0:0:0:1', 'Banking-API-Mock'] });
  expect(named.serverNames.filter((n) => n === '::1')).toHaveLength(1);
  expect(new Set(named.serverNames).size).toBe(named.serverNames.length);
});
