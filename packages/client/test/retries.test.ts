import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBankingClient, TransportError } from '../src/index.js';
import { envelope, json, jwt, makePki, type Pki, startServer, type TestServer } from './harness.js';

let pki: Pki;
let server: TestServer;
const tls = () => ({ cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert });
const legalPerson = {
  companyName: 'ACME',
  taxId: '11222333000181',
  email: 'a@b.co',
  phone: '+5511999999999',
};

beforeAll(async () => {
  pki = makePki();
  server = await startServer(pki);
});
afterAll(() => server.close());

describe('retries', () => {
  it('retries an idempotent PUT with the same id after a dropped connection', async () => {
    let calls = 0;
    server.handle((_req, res) => {
      calls++;
      if (calls === 1) return res.socket?.destroy(); // dropped mid-request
      json(res, 200, { process: { id: 'p-1', status: 'ANALYZING' } });
    });
    const ends: { attempt: number; status: number | undefined; willRetry: boolean; kind?: string }[] = [];
    const client = createBankingClient({
      baseUrl: server.url,
      tls: tls(),
      token: 't',
      retry: { baseDelayMs: 1 },
      hooks: {
        onAttemptEnd: (i) =>
          ends.push({
            attempt: i.attempt,
            status: i.status,
            willRetry: i.willRetry,
            kind: (i.error as TransportError | undefined)?.kind,
          }),
      },
    });
    const start = server.seen.length;
    const id = client.newIdempotencyId();
    const { data } = await client.PUT('/ar/accounts/{id}/full/legal-person', {
      params: { path: { id } },
      body: legalPerson,
    });
    expect(data?.process.id).toBe('p-1');
    const urls = server.seen.slice(start).map((s) => s.url);
    expect(urls).toEqual([`/ar/accounts/${id}/full/legal-person`, `/ar/accounts/${id}/full/legal-person`]);
    expect(ends).toEqual([
      { attempt: 1, status: undefined, willRetry: true, kind: 'connection-reset' },
      { attempt: 2, status: 200, willRetry: false, kind: undefined },
    ]);
    await client.close();
  });

  it('never retries a non-idempotent POST', async () => {
    server.handle((_req, res) => res.socket?.destroy());
    const client = createBankingClient({
      baseUrl: server.url,
      tls: tls(),
      token: 't',
      accountId: 'acc',
      retry: { baseDelayMs: 1 },
    });
    const start = server.seen.length;
    const error = await client
      .POST('/hb/cards/create', { body: { alias: 'a', password: '1234', typeCard: 'Virtual', programId: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).kind).toBe('connection-reset');
    expect(server.seen.length - start).toBe(1);
    // Nor a 503.
    server.handle((req, res) => json(res, 503, envelope(503, 'UNAVAILABLE', req.url)));
    const { error: envelopeError } = await client.POST('/hb/cards/create', {
      body: { alias: 'a', password: '1234', typeCard: 'Virtual', programId: 1 },
    });
    expect(envelopeError?.code).toBe('UNAVAILABLE');
    expect(server.seen.length - start).toBe(2);
    await client.close();
  });

  it('retries GET on 5xx and gives up after the configured retries', async () => {
    server.handle((req, res) => json(res, 502, envelope(502, 'BAD_GATEWAY', req.url)));
    const client = createBankingClient({
      baseUrl: server.url,
      tls: tls(),
      token: 't',
      retry: { retries: 3, baseDelayMs: 1 },
    });
    const start = server.seen.length;
    const { error, response } = await client.GET('/hb/webhook/logs', {
      params: { query: { webhookId: 'w' } },
    });
    expect(response.status).toBe(502);
    expect(error?.code).toBe('BAD_GATEWAY');
    expect(server.seen.length - start).toBe(4);
    await client.close();
  });

  it('honours Retry-After on 429', async () => {
    let calls = 0;
    server.handle((req, res) => {
      calls++;
      if (calls === 1)
        return json(res, 429, envelope(429, 'TOO_MANY_REQUESTS', req.url), { 'retry-after': '1' });
      json(res, 200, { status_code: 200, success: true, message: 'OK', data: {} });
    });
    const client = createBankingClient({
      baseUrl: server.url,
      tls: tls(),
      token: 't',
      retry: { baseDelayMs: 1 },
    });
    const started = performance.now();
    const { data } = await client.GET('/hb/webhook/logs', { params: { query: { webhookId: 'w' } } });
    expect(data?.success).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(calls).toBe(2);
    // A Retry-After beyond maxDelayMs is not waited for: the 429 comes back.
    calls = 0;
    const impatient = createBankingClient({
      baseUrl: server.url,
      tls: tls(),
      token: 't',
      retry: { maxDelayMs: 500 },
    });
    const { response } = await impatient.GET('/hb/webhook/logs', { params: { query: { webhookId: 'w' } } });
    expect(response.status).toBe(429);
    await Promise.all([client.close(), impatient.close()]);
  });
});

describe('bearer token', () => {
  it('caches a provided token until shortly before exp', async () => {
    server.handle((_req, res) => json(res, 200, { valid: true }));
    const now = Math.floor(Date.now() / 1000);
    const issued: string[] = [];
    const provider = async () => {
      const token = jwt({ sub: 'svc', exp: issued.length === 0 ? now + 10 : now + 3600 }); // first one is about to expire
      issued.push(token);
      return token;
    };
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token: provider });
    const start = server.seen.length;
    for (let i = 0; i < 3; i++)
      await client.POST('/hb/multi-access/otp/validate', { body: { context: 'x', code: '1' } });
    expect(issued.length).toBe(3 - 1); // first expires within the refresh margin: refetched once, then cached
    expect(server.seen.slice(start).map((s) => s.headers.authorization)).toEqual([
      `Bearer ${issued[0]}`,
      `Bearer ${issued[1]}`,
      `Bearer ${issued[1]}`,
    ]);
    await client.close();
  });

  it('asks the provider again after a failed refresh, and never sends the expired token', async () => {
    server.handle((_req, res) => json(res, 200, { valid: true }));
    const now = Math.floor(Date.now() / 1000);
    const issued: string[] = [];
    let fail = false;
    const provider = async () => {
      if (fail) {
        fail = false;
        throw new Error('identity provider is down');
      }
      const token = jwt({ sub: 'svc', exp: issued.length === 0 ? now + 10 : now + 3600 }); // first is stale at once
      issued.push(token);
      return token;
    };
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token: provider });
    const call = () => client.POST('/hb/multi-access/otp/validate', { body: { context: 'x', code: '1' } });
    await call();
    fail = true;
    await expect(call()).rejects.toThrow(/token provider failed/);
    const start = server.seen.length;
    await call();
    expect(issued.length).toBe(2);
    expect(server.seen.slice(start).map((s) => s.headers.authorization)).toEqual([`Bearer ${issued[1]}`]);
    await client.close();
  });

  it('refreshes once and retries once on 401, even for a POST', async () => {
    const issued: string[] = [];
    const provider = async () => {
      const token = jwt({ sub: 'svc', n: issued.length });
      issued.push(token);
      return token;
    };
    server.handle((req, res) =>
      req.headers.authorization === `Bearer ${issued[1]}`
        ? json(res, 200, { valid: true })
        : json(res, 401, envelope(401, 'UNAUTHORIZED', req.url)),
    );
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token: provider });
    const { data } = await client.POST('/hb/multi-access/otp/validate', {
      body: { context: 'x', code: '1' },
    });
    expect(data).toEqual({ valid: true });
    expect(issued.length).toBe(2);
    // A token that keeps failing: one refresh, then the 401 is the answer.
    server.handle((req, res) => json(res, 401, envelope(401, 'UNAUTHORIZED', req.url)));
    const start = server.seen.length;
    const { error } = await client.POST('/hb/multi-access/otp/validate', {
      body: { context: 'x', code: '1' },
    });
    expect(error?.code).toBe('UNAUTHORIZED');
    expect(server.seen.length - start).toBe(2);
    expect(issued.length).toBe(3);
    await client.close();
  });
});

describe('retry policy', () => {
  it('reads Retry-After as seconds or an HTTP date, and backs off with jitter within bounds', async () => {
    const { backoffMs, retryAfterMs, retryPolicy } = await import('../src/retry.js');
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(Date.now() + 3000).toUTCString())).toBeGreaterThan(1000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT')).toBe(0);
    expect(retryAfterMs('soon')).toBeUndefined();
    const policy = retryPolicy({ baseDelayMs: 100, maxDelayMs: 1000 });
    for (let retry = 1; retry <= 6; retry++) {
      const wait = backoffMs(policy, retry) ?? -1;
      expect(wait).toBeGreaterThanOrEqual(0);
      expect(wait).toBeLessThanOrEqual(Math.min(1000, 100 * 2 ** (retry - 1)));
    }
    expect(backoffMs(policy, 1, 2000)).toBeUndefined(); // longer than maxDelayMs: give up, return the 429
    expect(() => retryPolicy({ retries: -1 })).toThrow('`retry.retries` must be a number >= 0');
  });

  it('keeps the default of an option given as undefined, as of an absent one', async () => {
    const { retryPolicy } = await import('../src/retry.js');
    const unset = retryPolicy({ retries: undefined, baseDelayMs: undefined, maxDelayMs: undefined });
    expect(unset).toEqual(retryPolicy(undefined));
    expect(retryPolicy({ retries: 5, maxDelayMs: undefined })).toEqual({ ...retryPolicy({}), retries: 5 });
  });
});
