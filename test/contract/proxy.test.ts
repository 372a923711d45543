// Proxy mode against a small local "real environment" that breaks the contract on purpose: the mock
// forwards over mTLS with the team's own certificate and token, and reports every violation. It listens on
// one port only, behind the same mutual TLS, dev-token and scope checks as the mock: nothing reaches the real
// environment with the team's credentials but a caller the mock admitted, and the mock's own token never does.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { makeCa, makeClientCert, makeServerCert, type Violation } from '@banking-api/mock';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bankingClient } from '../support/clients.ts';
import { startTestMock, type TestMock } from '../support/mock-server.ts';

let upstream: Server;
let mock: TestMock;
let listeningBefore: Set<string>;
let listeningAfter: Set<string>;
const violations: Violation[] = [];
const seen: { path: string; clientCn: string; authorization: string | undefined }[] = [];

/** The TCP sockets this process listens on (Linux: its socket inodes in the LISTEN state). */
function listening(): Set<string> {
  const inodes = new Set(
    readdirSync('/proc/self/fd').map((fd) => {
      try {
        return /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1];
      } catch {
        return undefined; // closed meanwhile
      }
    }),
  );
  const sockets = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6'])
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[3] === '0A' && inodes.has(cols[9])) sockets.add(`${cols[1]} ${cols[9]}`);
    }
  return sockets;
}

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
  listeningBefore = listening();
  mock = await startTestMock({
    errors: false,
    proxy: {
      upstream: `https://127.0.0.1:${port}/api`,
      cert: team.cert,
      key: team.key,
      ca: ca.cert,
      token: 'the-real-sandbox-token',
    },
    onViolation: (v) => violations.push(v),
  });
  listeningAfter = listening();
});
afterAll(async () => {
  await mock?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

test('a response that breaks the contract is forwarded and reported', async () => {
  const client = bankingClient(mock, await mock.token());
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
  const client = bankingClient(mock, await mock.token());
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

test('proxy mode listens on one port: the gateway, no second hop to the real environment', () => {
  const added = [...listeningAfter].filter((socket) => !listeningBefore.has(socket));
  expect(added).toHaveLength(1);
  const port = Number(new URL(mock.url).port);
  expect(added[0]?.split(' ')[0]?.endsWith(`:${port.toString(16).toUpperCase().padStart(4, '0')}`)).toBe(
    true,
  );
});

test("nothing reaches the real environment but a caller the mock admitted, and the mock's own token never does", async () => {
  const before = seen.length;
  const agent = new Agent({ connect: { ca: mock.mock.ca, ...mock.mock.clients.sandbox } });
  const status = async (path: string, token?: string) => {
    const answer = await request(`${mock.url}${path}`, {
      dispatcher: agent,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    await answer.body.dump();
    return answer.statusCode;
  };
  try {
    const logs = '/hb/webhook/logs?webhookId=wh-1';
    expect(await status(logs)).toBe(401); // no token
    expect(await status(logs, 'the-real-sandbox-token')).toBe(401); // not the mock's
    expect(await status(logs, await mock.token('sandbox', { scopes: [] }))).toBe(403); // without the scope
    expect(await status(logs, await mock.token('production'))).toBe(403); // another environment's
    const foreign = makeClientCert(makeCa('Not the mock'), 'stranger');
    const handshake = await new Promise<string>((resolve) => {
      const port = Number(new URL(mock.url).port);
      const socket = tlsConnect({
        host: '127.0.0.1',
        port,
        ...foreign,
        ca: mock.mock.ca,
        servername: 'localhost',
      });
      socket.once('secureConnect', () => socket.write('GET /hb/webhook/logs HTTP/1.1\r\nHost: x\r\n\r\n'));
      socket.once('data', (d) => resolve(`answered ${String(d).split('\r\n')[0]}`));
      socket.once('error', (e) => resolve(`refused: ${e.message}`));
      socket.once('close', () => resolve('closed'));
    });
    expect(handshake).not.toMatch(/^answered HTTP\/1\.1 2/);
    expect(seen.length).toBe(before); // none of them went on
    const mockToken = await mock.token();
    expect(await status(logs, mockToken)).toBe(200);
    expect(seen.at(-1)?.authorization).toBe('Bearer the-real-sandbox-token');
    expect(JSON.stringify(seen)).not.toContain(mockToken);
  } finally {
    await agent.close();
  }
});
