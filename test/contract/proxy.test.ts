// Proxy mode against a small local "real environment" that breaks the contract on purpose: the mock
// forwards over mTLS with the team's own certificate and reports every violation.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { makeCa, makeClientCert, makeServerCert, type Violation } from '@banking-api/mock';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bankingClient } from '../support/clients.ts';
import { startTestMock, type TestMock } from '../support/mock-server.ts';

let upstream: Server;
let mock: TestMock;
const violations: Violation[] = [];
const seen: { path: string; clientCn: string; authorization: string | undefined }[] = [];

beforeAll(async () => {
  // The "real environment": its own CA, server certificate and a client certificate for the team.
  const ca = makeCa('Upstream test CA');
  const server = makeServerCert(ca, ['127.0.0.1']);
  const team = makeClientCert(ca, 'team-sandbox-client');
  upstream = createServer(
    { ...server, ca: ca.cert, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      const peer = (req.socket as import('node:tls').TLSSocket).getPeerCertificate();
      seen.push({
        path: req.url ?? '',
        clientCn: String(peer.subject?.CN),
        authorization: req.headers.authorization,
      });
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      // Breaks the contract: status must be a string, and `holder` needs id, registerName and updatedAt.
      res.end(
        req.url?.startsWith('/api/hb/accounts')
          ? '{"holder":{"id":7}}'
          : '{"process":{"id":"p-1","status":"ANALYZING"}}',
      );
    },
  );
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as AddressInfo;
  mock = await startTestMock({
    errors: false,
    proxy: { upstream: `https://127.0.0.1:${port}/api`, cert: team.cert, key: team.key, ca: ca.cert },
    onViolation: (v) => violations.push(v),
  });
});
afterAll(async () => {
  await mock?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

test('a response that breaks the contract is forwarded and reported', async () => {
  const client = bankingClient(mock, 'the-real-sandbox-token');
  try {
    const { response, data, error } = await client.PUT('/hb/accounts/account-holders', {
      body: { registerName: 'Padaria' },
    });
    expect(response.status, JSON.stringify(error)).toBe(200);
    expect(data).toEqual({ holder: { id: 7 } }); // passed through untouched
  } finally {
    await client.close();
  }
  expect(seen.at(-1)).toEqual({
    path: '/api/hb/accounts/account-holders',
    clientCn: 'team-sandbox-client',
    authorization: 'Bearer the-real-sandbox-token',
  });
  const report = violations.find((v) => v.path === '/hb/accounts/account-holders');
  expect(report?.status).toBe(200);
  expect(report?.violations.join('\n')).toMatch(/response\.body\.holder\.id/);
  expect(report?.violations.join('\n')).toMatch(/registerName/);
});

test('a request that breaks the contract is reported too', async () => {
  const client = bankingClient(mock, 'the-real-sandbox-token');
  try {
    await client.PUT('/ar/accounts/{id}/full/legal-person', {
      params: { path: { id: 'lp-1' } },
      body: { companyName: 'Padaria' } as never, // taxId, email and phone are required
    });
  } finally {
    await client.close();
  }
  const report = violations.find((v) => v.path === '/ar/accounts/lp-1/full/legal-person');
  expect(report?.violations.join('\n')).toMatch(/request\.body.*taxId/);
});
