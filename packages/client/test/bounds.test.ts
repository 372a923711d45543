// Bounded in time and memory, over real mTLS: one deadline covers the whole exchange (body included,
// across retries), the caller's signal stops a call at any point, close() settles with a trickling body
// in flight, and a body over `maxResponseBytes` is refused while it streams in.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortError, createBankingClient, ResponseTooLargeError, TimeoutError } from '../src/index.js';
import { envelope, json, makePki, type Pki, rejection, startServer, type TestServer } from './harness.js';

let pki: Pki;
let server: TestServer;
const token = 'static-token';
const tls = () => ({ cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert });
const logs = (client: ReturnType<typeof createBankingClient>, options: { signal?: AbortSignal } = {}) =>
  client.GET('/hb/webhook/logs', { params: { query: { webhookId: 'w-1' } }, ...options });

/** A 200 whose JSON body trickles in one byte every `everyMs`, forever (until the client goes). */
function trickle(res: ServerResponse, everyMs = 50): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('[');
  const timer = setInterval(() => res.write(' '), everyMs);
  res.on('close', () => clearInterval(timer));
}

/** A chunked 200 of up to `total` bytes, written as fast as the client reads it. */
function flood(res: ServerResponse, total: number): void {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  res.writeHead(200, { 'content-type': 'application/json' });
  let sent = 0;
  const pump = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
}

/** Runs `work` while sampling RSS; returns the highest growth over the starting RSS, in MiB. */
async function rssGrowthMiB(work: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return (Math.max(peak, process.memoryUsage().rss) - before) / 2 ** 20;
}

beforeAll(async () => {
  pki = makePki();
  server = await startServer(pki);
});
afterAll(() => server.close());

describe('bounded in time', () => {
  it('a trickling body ends at the deadline with a TimeoutError that has the status', async () => {
    server.handle((_req, res) => trickle(res));
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token, timeoutMs: 400 });
    const started = performance.now();
    const error = await rejection(logs(client));
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ kind: 'timeout', status: 200, operationId: 'listWebhookLogs' });
    expect(elapsed).toBeGreaterThanOrEqual(390);
    expect(elapsed).toBeLessThan(900);
    await client.close();
  });

  it('the deadline covers a streamed body too (parseAs: stream)', async () => {
    server.handle((_req, res) => trickle(res));
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token, timeoutMs: 400 });
    const { data } = await client.GET('/hb/webhook/logs', {
      params: { query: { webhookId: 'w-1' } },
      parseAs: 'stream',
    });
    const error = await rejection(new Response(data as ReadableStream).text());
    expect(error).toBeInstanceOf(TimeoutError);
    await client.close();
  });

  it('a streamed call keeps its deadline after a retried 503 and after a refreshed 401', async () => {
    // The first answer is streamed and discarded; the next attempt hangs: the deadline must still end it.
    for (const first of [503, 401]) {
      let count = 0;
      server.handle((_req, res) => {
        if (count++ === 0) return json(res, first, envelope(first, 'first'));
        res.writeHead(200, { 'content-type': 'application/json' }); // headers, then nothing
      });
      const client = createBankingClient({
        baseUrl: server.url,
        tls: tls(),
        token: async () => token,
        timeoutMs: 500,
        retry: { baseDelayMs: 1, maxDelayMs: 1 },
      });
      const started = performance.now();
      const outcome = client
        .GET('/hb/webhook/logs', { params: { query: { webhookId: 'w-1' } }, parseAs: 'stream' })
        .then(({ data }) => new Response(data as ReadableStream).text());
      const error = await Promise.race([
        rejection(outcome),
        new Promise((resolve) => setTimeout(resolve, 2000, 'still hanging')),
      ]);
      expect(error, String(first)).toBeInstanceOf(TimeoutError);
      expect(performance.now() - started).toBeLessThan(1500);
      expect(count).toBe(2);
      await client.close();
    }
  });

  it('close() settles while a trickling body is in flight (within that call’s deadline)', async () => {
    server.handle((_req, res) => trickle(res));
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token, timeoutMs: 500 });
    const pending = rejection(logs(client));
    await new Promise((resolve) => setTimeout(resolve, 100)); // the body is trickling now
    const started = performance.now();
    await client.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(TimeoutError);
    await expect(logs(client)).rejects.toThrow(/closed/);
  });

  it('the caller’s signal stops a call mid-body with an AbortError naming the call', async () => {
    server.handle((_req, res) => trickle(res));
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const started = performance.now();
    const error = await rejection(logs(client, { signal: controller.signal }));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ name: 'AbortError', status: 200, operationId: 'listWebhookLogs' });
    // An already aborted signal: nothing is sent.
    const before = server.seen.length;
    expect(await rejection(logs(client, { signal: AbortSignal.abort() }))).toBeInstanceOf(AbortError);
    expect(server.seen.length).toBe(before);
    await client.close();
  });

  it('no retry that would end after the deadline: a Retry-After beyond it delivers the answer now', async () => {
    server.handle((req, res) =>
      json(res, 503, envelope(503, 'UNAVAILABLE', req.url), { 'retry-after': '1' }),
    );
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token, timeoutMs: 600 });
    const before = server.seen.length;
    const started = performance.now();
    const { error, response } = await logs(client);
    expect(performance.now() - started).toBeLessThan(500);
    expect(response.status).toBe(503);
    expect(error?.code).toBe('UNAVAILABLE');
    expect(server.seen.length - before).toBe(1);
    await client.close();
  });
});

describe('bounded in memory', () => {
  it('a 1 GiB chunked body is refused at maxResponseBytes with little memory spent', async () => {
    server.handle((_req, res) => flood(res, 2 ** 30));
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token });
    let error: unknown;
    const growth = await rssGrowthMiB(async () => {
      error = await rejection(logs(client));
    });
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ limit: 10 * 2 ** 20, status: 200, operationId: 'listWebhookLogs' });
    expect(growth).toBeLessThan(64); // the default limit is 10 MiB; a full read would be 1024
    await client.close();
  });

  it('a declared Content-Length over the limit is refused before reading; the limit is configurable', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2048) });
      res.end(' '.repeat(2048));
    });
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token, maxResponseBytes: 1024 });
    expect(await rejection(logs(client))).toBeInstanceOf(ResponseTooLargeError);
    // A streamed body is counted too.
    server.handle((_req, res) => flood(res, 8 * 1024));
    const { data } = await client.GET('/hb/webhook/logs', {
      params: { query: { webhookId: 'w-1' } },
      parseAs: 'stream',
    });
    expect(await rejection(new Response(data as ReadableStream).text())).toBeInstanceOf(
      ResponseTooLargeError,
    );
    await client.close();
    expect(() => createBankingClient({ baseUrl: server.url, token, maxResponseBytes: 0 })).toThrow(
      /maxResponseBytes/,
    );
  });
});
