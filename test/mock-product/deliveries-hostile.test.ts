// Receivers that make deliveries hard, over real TLS with certificates made at test time: one that never
// finishes the TLS handshake, one that never answers, one that answers without end, one that resets the
// connection. Each attempt fails (or ends) within the mock's bounds with the reason in the log, and the mock
// keeps serving meanwhile; a queue that is full fails the deliveries it has no room for at once.

import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { TLSSocket } from 'node:tls';
import { makeCa, makeServerCert, type WebhookLog } from '@banking-api/mock';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestMock, type TestMock } from '../support/mock-server.ts';
import { type Caller, caller } from './mtls.ts';

const ca = makeCa('Hostile Receivers CA');
const { cert, key } = makeServerCert(ca, ['127.0.0.1']);
const servers: (Server | TcpServer)[] = [];

async function listen(server: Server | TcpServer): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

/** Accepts TCP and never says a word: the TLS handshake never ends. */
const silent = () => listen(createTcpServer(() => {}));
/** TLS done, request read, never an answer. */
const slow = () => listen(createServer({ cert, key }, () => {}));
/** 200 and then bytes without end (until the mock goes away). */
const endless = () =>
  listen(
    createServer({ cert, key }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 120);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    }),
  );
/** Resets the TCP connection (RST) once the request's first bytes came over TLS. */
const resetting = () =>
  listen(
    createTcpServer((raw) => {
      const tls = new TLSSocket(raw, { isServer: true, cert, key });
      tls.once('data', () => raw.resetAndDestroy());
      tls.on('error', () => {});
    }),
  );

let m: TestMock;
let client: Caller;
let token: string;

beforeAll(async () => {
  m = await startTestMock({
    stateful: true,
    webhookCa: ca.cert,
    deliveries: {
      connectTimeoutMs: 400,
      attemptTimeoutMs: 800,
      maxAnswerBytes: 4096,
      retrySchedule: [],
      maxPending: 6,
    },
  });
  client = caller(m.mock);
  token = await m.token();
});
afterAll(async () => {
  await client?.close();
  await m?.stop();
  for (const server of servers) {
    (server as Server).closeAllConnections?.();
    server.close();
  }
});

const tryOn = (webhookId: string) =>
  client.call('POST', `/hb/webhook/try?webhookId=${webhookId}`, { token, body: { hostile: webhookId } });
const logOf = async (webhookId: string): Promise<WebhookLog | undefined> =>
  (
    (await client.call('GET', `/hb/webhook/logs?webhookId=${webhookId}`, { token })).body as {
      data: WebhookLog[];
    }
  ).data[0];
const ended = async (webhookId: string) => {
  await expect.poll(async () => (await logOf(webhookId))?.status, { timeout: 10_000 }).not.toBe('PENDING');
  return (await logOf(webhookId))?.attempts[0];
};

describe('hostile receivers', () => {
  test('each fails (or ends) in bounded time, saying why, while the mock keeps serving', async () => {
    const receivers = {
      silent: await silent(),
      slow: await slow(),
      endless: await endless(),
      reset: await resetting(),
    };
    for (const [id, url] of Object.entries(receivers)) m.mock.webhooks.set(id, url);
    const started = Date.now();
    for (const id of Object.keys(receivers)) expect((await tryOn(id)).status).toBe(201);
    // The mock answers other requests at once while all four deliveries are on the wire.
    const during = Date.now();
    expect((await client.call('GET', '/hb/webhook/logs?webhookId=none', { token })).status).toBe(200);
    expect(Date.now() - during).toBeLessThan(2_000);

    expect(await ended('silent')).toMatchObject({
      status: 'FAILED',
      error: expect.stringMatching(/no TLS connection within 400 ms/),
    });
    expect(await ended('slow')).toMatchObject({
      status: 'FAILED',
      error: expect.stringMatching(/no whole answer within 800 ms/),
    });
    const endlessAttempt = await ended('endless');
    expect(endlessAttempt).toMatchObject({ status: 'DELIVERED', responseStatus: 200 }); // its status counts; the rest is not read
    expect(await ended('reset')).toMatchObject({
      status: 'FAILED',
      error: expect.stringMatching(/ECONNRESET|socket hang up/),
    });
    expect(Date.now() - started).toBeLessThan(8_000);
    for (const attempt of await Promise.all(Object.keys(receivers).map(ended)))
      expect(attempt?.latencyMs).toBeLessThanOrEqual(2_000);

    const [entry] = m.mock.journal.entries().filter((e) => e.delivery?.webhookId === 'endless');
    expect(entry?.response.bodyBytes).toBeGreaterThanOrEqual(4096); // what was read, at most the bound, cut in the journal
    expect((entry?.response.body ?? '').length).toBeLessThan(70 * 1024);
    expect((await client.call('GET', '/hb/webhook/logs?webhookId=silent', { token })).status).toBe(200);
  });

  test('a full queue fails the deliveries it has no room for at once; the mock keeps serving', async () => {
    m.mock.webhooks.set('queue', await silent());
    for (let i = 0; i < 10; i++) expect((await tryOn('queue')).status).toBe(201);
    const logs = (
      (await client.call('GET', '/hb/webhook/logs?webhookId=queue', { token })).body as { data: WebhookLog[] }
    ).data;
    const refused = logs.filter((l) => l.attempts[0]?.error?.startsWith('queue full'));
    expect(refused.length).toBeGreaterThanOrEqual(4);
    expect(refused[0]?.status).toBe('FAILED');
    await expect
      .poll(
        async () =>
          (
            (await client.call('GET', '/hb/webhook/logs?webhookId=queue', { token })).body as {
              data: WebhookLog[];
            }
          ).data.every((l) => l.status === 'FAILED'),
        { timeout: 10_000 },
      )
      .toBe(true);
  });

  test('a reset of the session drops what still waits', async () => {
    m.mock.webhooks.set('dropped', await slow());
    expect((await tryOn('dropped')).status).toBe(201);
    m.mock.reset();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(m.mock.journal.entries().filter((e) => e.delivery?.webhookId === 'dropped')).toEqual([]);
  });
});
