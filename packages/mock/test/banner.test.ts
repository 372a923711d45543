// The CLI's banner prints addresses and paths that work where its reader is: a mock on every interface is
// reached as localhost or by its certificate's names, and in a container the certificates are a folder on
// the reader's host.
import { expect, test } from 'vitest';
import { banner } from '../src/bin/banner.ts';
import type { Mock } from '../src/mock.ts';

const mock = {
  url: 'https://0.0.0.0:8443',
  pki: { dir: '/certs', serverNames: ['localhost', '127.0.0.1', '::1', 'banking-api-mock'] },
} as unknown as Mock;

test('in a container on every interface: localhost and the service name, $CERTS, never 0.0.0.0 or /certs paths', () => {
  const { ready, guide } = banner(mock, {
    mode: 'mock',
    features: [],
    host: '0.0.0.0',
    inContainer: true,
    mounted: true,
  });
  expect(ready).toBe(
    'Banking API mock ready at https://localhost:8443 — certificates in the folder mounted at /certs',
  );
  expect(guide).toContain('https://banking-api-mock:8443');
  expect(guide).toContain('# CERTS: the folder on your host');
  expect(guide).toContain('--cacert $CERTS/server-ca.pem');
  expect(`${ready}\n${guide}`).not.toMatch(/0\.0\.0\.0|\[::1\]|\/certs\/server/);
});

test('in a container with no folder mounted, it says where the certificates are and how to share them', () => {
  const { ready } = banner(mock, {
    mode: 'mock',
    features: [],
    host: '0.0.0.0',
    inContainer: true,
    mounted: false,
  });
  expect(ready).toContain(
    'inside the container: no folder is mounted there (-v <folder>:/certs shares them)',
  );
});
