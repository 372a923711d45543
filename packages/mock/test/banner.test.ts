// The CLI's banner prints addresses and paths that work where its reader is: a mock on every interface is
// reached as localhost or by its certificate's names, and in a container the certificates are a folder on
// the reader's host.
import { type ContractModel, contractModel } from '@banking-api/contract';
import { describe, expect, test } from 'vitest';
import { banner } from '../src/bin/banner.ts';
import type { Mock } from '../src/mock.ts';

const mock = {
  url: 'https://0.0.0.0:8443',
  pki: { dir: '/certs', serverNames: ['localhost', '127.0.0.1', '::1', 'banking-api-mock'] },
  model: contractModel(),
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

describe('the request to try is one of the contract the mock serves', () => {
  const facts = { mode: 'mock', features: [], host: '127.0.0.1', inContainer: false };
  const at = (model: ContractModel) => banner({ ...mock, url: 'https://127.0.0.1:8443', model }, facts).guide;

  test('ours: a webhook log read, with the scope it needs', () => {
    const guide = at(contractModel());
    expect(guide).toContain('--scope "webhook.read"');
    expect(guide).toContain('-H "Authorization: Bearer $TOKEN" "https://127.0.0.1:8443/hb/webhook/logs"');
  });

  test("another contract: its own GET, examples filled in, the Bearer alternative's scopes, never our paths", () => {
    const things = {
      method: 'GET',
      path: '/v1/things/{id}',
      parameters: [
        { name: 'id', in: 'path', required: true, examples: [{ name: 'one', value: 'th 1' }] },
        { name: 'x-trace', in: 'header', required: true, examples: [{ name: 't', value: 'abc' }] },
        { name: 'Authorization', in: 'header', required: true, examples: [] },
      ],
      security: [
        [{ scheme: 'basic', type: 'http', httpScheme: 'basic', scopes: [] }],
        [{ scheme: 'oauth', type: 'oauth2', scopes: ['things.read'] }],
      ],
    };
    const guide = at({ operations: [things] } as unknown as ContractModel);
    expect(guide).toContain('--scope "things.read"');
    expect(guide).toContain("-H 'x-trace: abc'");
    expect(guide).toContain('"https://127.0.0.1:8443/v1/things/th%201"');
    expect(guide).not.toContain('/hb/');
  });

  test('no GET it can show as one curl: it says so instead of printing ours', () => {
    const noExample = {
      method: 'GET',
      path: '/consents/{consentId}',
      parameters: [{ name: 'consentId', in: 'path', required: true, examples: [] }],
      security: [[{ scheme: 'oauth', type: 'oauth2', scopes: ['payments'] }]],
    };
    const guide = at({ operations: [noExample] } as unknown as ContractModel);
    expect(guide).toContain('no GET of this contract can be shown as one curl');
    expect(guide).not.toContain('/hb/');
  });
});
