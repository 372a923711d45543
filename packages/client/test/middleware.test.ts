// Middleware in openapi-fetch's shape (client.use / eject, and `middleware` on one call): the order,
// what a middleware sees (the account header and request id, never the token), answers from onRequest
// and onError, a replaced response, and the bounds: a hung middleware ends at the deadline, a response
// a middleware supplies is held to the size limit, retries and the token refresh stay inside.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBankingClient,
  type Middleware,
  ResponseTooLargeError,
  TimeoutError,
  TransportError,
} from '../src/index.js';
import { envelope, json, makePki, type Pki, rejection, startServer, type TestServer } from './harness.js';

let pki: Pki;
let server: TestServer;
const tls = () => ({ cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert });
const body = { context: 'login', code: '123456' };
const query = { params: { query: { webhookId: 'wh-1' } } };

beforeAll(async () => {
  pki = makePki();
  server = await startServer(pki);
});
afterAll(() => server.close());

describe('client.use', () => {
  it('onRequest in order, onResponse in reverse; headers added reach the server; the token is never seen', async () => {
    server.handle((req, res) => json(res, 200, { valid: true, traceparent: req.headers.traceparent }));
    const order: string[] = [];
    const seen: Record<string, string>[] = [];
    const trace: Middleware = {
      onRequest({ request }) {
        order.push('trace:req');
        seen.push(Object.fromEntries(request.headers));
        request.headers.set('traceparent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
      },
      onResponse() {
        order.push('trace:res');
      },
    };
    const timer: Middleware = {
      onRequest: () => void order.push('timer:req'),
      onResponse: ({ response }) => void order.push(`timer:res ${response.status}`),
    };
    const client = createBankingClient({
      baseUrl: server.url,
      tls: tls(),
      token: 'secret-token',
      accountId: 'acc-1',
    });
    client.use(trace, timer);
    const { data } = await client.POST('/hb/multi-access/otp/validate', { body });
    expect(data).toMatchObject({ valid: true, traceparent: expect.stringMatching(/^00-0af7/) });
    expect(order).toEqual(['trace:req', 'timer:req', 'timer:res 200', 'trace:res']);
    expect(seen[0]?.authorization).toBeUndefined(); // the token is added inside, after middleware
    expect(seen[0]?.['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    client.eject(trace);
    order.length = 0;
    await client.POST('/hb/multi-access/otp/validate', { body });
    expect(order).toEqual(['timer:req', 'timer:res 200']);
    await client.close();
  });

  it('sees the account header; a per-call middleware runs after the client’s', async () => {
    server.handle((req, res) => json(res, 200, { transfer: { id: String(req.headers['x-from']) } }));
    const headers: (string | null)[] = [];
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token: 't', accountId: 'acc-9' });
    client.use({ onRequest: ({ request }) => void headers.push(request.headers.get('x-account-id')) });
    const { data } = await client.POST('/hb/transfers/ted', {
      body: {
        amount: 1000,
        bankCode: '001',
        branchCode: '0001',
        accountNumber: '123456',
        documentNumber: '11222333000181',
        name: 'ACME Ltda',
        accountType: 'CHECKING',
      },
      middleware: [
        {
          onRequest: ({ request }) =>
            new Request(request, { headers: { ...Object.fromEntries(request.headers), 'x-from': 'call' } }),
        },
      ],
    });
    expect(headers).toEqual(['acc-9']);
    expect((data as { transfer?: { id: string } } | undefined)?.transfer?.id).toBe('call'); // the body went too
    await client.close();
  });

  it('onRequest may answer (nothing is sent); onResponse may replace the answer', async () => {
    const start = server.seen.length;
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token: 't' });
    client.use({ onRequest: () => Response.json({ valid: false }, { status: 200 }) });
    const { data } = await client.POST('/hb/multi-access/otp/validate', { body });
    expect(data).toEqual({ valid: false });
    expect(server.seen.length).toBe(start);
    await client.close();

    server.handle((_req, res) => json(res, 200, { valid: true }));
    const replacing = createBankingClient({ baseUrl: server.url, tls: tls(), token: 't' });
    replacing.use({ onResponse: () => Response.json(envelope(409, 'CONFLICT'), { status: 409 }) });
    const { error, response } = await replacing.POST('/hb/multi-access/otp/validate', { body });
    expect(response.status).toBe(409);
    expect(error?.code).toBe('CONFLICT');
    await replacing.close();
  });

  it('onError sees the typed failure and may answer or replace it', async () => {
    const client = createBankingClient({ baseUrl: 'https://127.0.0.1:1', token: 't', retry: false });
    const errors: unknown[] = [];
    const recover: Middleware = {
      onError: ({ error }) => {
        errors.push(error);
        return Response.json({ data: [] });
      },
    };
    client.use(recover);
    expect((await client.GET('/hb/webhook/logs', query)).data).toEqual({ data: [] });
    expect(errors[0]).toBeInstanceOf(TransportError);
    client.eject(recover);
    client.use({ onError: () => new Error('replaced') });
    expect(await rejection(client.GET('/hb/webhook/logs', query))).toMatchObject({ message: 'replaced' });
    await client.close();
  });

  it('a URL a middleware sets stays on baseUrl’s origin (token and certificate go nowhere else), redacted', async () => {
    const start = server.seen.length;
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token: 'secret-token' });
    const cpf = '123.456.789-09';
    const elsewhere = [
      `https://localhost:${server.port}/hb/webhook/logs?cpf=${cpf}`, // same server, another origin
      `https://127.0.0.1:${server.port + 1}/hb/webhook/logs?cpf=${cpf}`,
      `http://127.0.0.1:${server.port}/hb/webhook/logs?cpf=${cpf}`,
    ];
    for (const url of elsewhere) {
      const error = await rejection(
        client.GET('/hb/webhook/logs', { ...query, middleware: [{ onRequest: () => new Request(url) }] }),
      );
      expect(error, url).toBeInstanceOf(TypeError);
      expect((error as Error).message, url).toMatch(/must stay on/);
      expect((error as Error).message, url).not.toContain(cpf);
    }
    expect(server.seen.length).toBe(start); // nothing was sent
    // The same origin, another path: allowed.
    server.handle((req, res) => json(res, 200, { data: [], url: req.url }));
    const moved = `${server.url}/hb/webhook/logs?webhookId=wh-2`;
    const { data } = await client.GET('/hb/webhook/logs', {
      ...query,
      middleware: [{ onRequest: () => new Request(moved) }],
    });
    expect(data).toMatchObject({ url: '/hb/webhook/logs?webhookId=wh-2' });
    await client.close();
  });

  it('an answer onResponse replaces frees its connection: the next call on one connection goes at once', async () => {
    server.handle((req, res) => {
      if (!req.url.includes('wh-next')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('['); // a streamed body that never ends
        return;
      }
      json(res, 200, { data: [] });
    });
    const client = createBankingClient({
      baseUrl: server.url,
      tls: tls(),
      token: 't',
      connections: 1,
      timeoutMs: 3000,
    });
    for (const onResponse of [
      () => Response.json({ data: ['replaced'] }),
      () => {
        throw new Error('onResponse failed');
      },
    ]) {
      const first = await client
        .GET('/hb/webhook/logs', { ...query, parseAs: 'stream', middleware: [{ onResponse }] })
        .then(
          ({ data }) => new Response(data as ReadableStream).json(),
          (error: Error) => error.message,
        );
      expect(first).toEqual(typeof first === 'string' ? 'onResponse failed' : { data: ['replaced'] });
      const started = performance.now();
      const { data } = await client.GET('/hb/webhook/logs', { params: { query: { webhookId: 'wh-next' } } });
      expect(data).toEqual({ data: [] });
      expect(performance.now() - started, String(first)).toBeLessThan(1500); // not held until the first call’s deadline
    }
    await client.close();
  });

  it('a middleware that returns something else is a TypeError; a non-middleware is refused by use()', async () => {
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token: 't' });
    expect(() => client.use({} as Middleware)).toThrow(TypeError);
    client.use({ onRequest: () => 'nope' as unknown as undefined });
    expect(await rejection(client.POST('/hb/multi-access/otp/validate', { body }))).toBeInstanceOf(TypeError);
    await client.close();
  });

  it('retries and the 401 refresh happen inside: a middleware sees one request and the final answer', async () => {
    let calls = 0;
    server.handle((req, res) => {
      calls++;
      if (calls === 1) return json(res, 503, envelope(503, 'UNAVAILABLE', req.url));
      if (req.headers.authorization !== 'Bearer fresh')
        return json(res, 401, envelope(401, 'UNAUTHORIZED', req.url));
      json(res, 200, { data: [] });
    });
    const tokens = ['stale', 'fresh'];
    const client = createBankingClient({
      baseUrl: server.url,
      tls: tls(),
      token: async () => tokens.shift() ?? 'fresh',
      retry: { baseDelayMs: 1 },
    });
    const statuses: number[] = [];
    client.use({ onResponse: ({ response }) => void statuses.push(response.status) });
    const { data } = await client.GET('/hb/webhook/logs', query);
    expect(data).toEqual({ data: [] });
    expect(calls).toBe(3); // 503, then 401, then 200 with the fresh token
    expect(statuses).toEqual([200]);
    await client.close();
  });
});

describe('bounds cover middleware', () => {
  it('a middleware that hangs ends at the call’s deadline with a TimeoutError; onError hears of a timed-out send', async () => {
    server.handle((_req, res) => json(res, 200, { valid: true }));
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token: 't', timeoutMs: 300 });
    const heard: unknown[] = [];
    client.use({
      onRequest: () => new Promise<undefined>(() => undefined),
      onError: ({ error }) => void heard.push(error),
    });
    const started = performance.now();
    const error = await rejection(client.POST('/hb/multi-access/otp/validate', { body }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(performance.now() - started).toBeLessThan(2_000);
    await client.close();

    const slowAfter = createBankingClient({ baseUrl: server.url, tls: tls(), token: 't', timeoutMs: 300 });
    slowAfter.use({
      onResponse: () => new Promise<undefined>(() => undefined),
      onError: ({ error }) => void heard.push(error),
    });
    expect(await rejection(slowAfter.POST('/hb/multi-access/otp/validate', { body }))).toBeInstanceOf(
      TimeoutError,
    );
    await slowAfter.close();
  });

  it('a response a middleware supplies is held to maxResponseBytes, and a trickling one to the deadline', async () => {
    const big = createBankingClient({ baseUrl: server.url, tls: tls(), token: 't', maxResponseBytes: 1024 });
    big.use({ onRequest: () => new Response('x'.repeat(4096), { status: 200 }) });
    expect(await rejection(big.POST('/hb/multi-access/otp/validate', { body }))).toBeInstanceOf(
      ResponseTooLargeError,
    );
    await big.close();

    const slow = createBankingClient({ baseUrl: server.url, tls: tls(), token: 't', timeoutMs: 300 });
    slow.use({
      onResponse: () =>
        new Response(
          new ReadableStream({ start: (controller) => controller.enqueue(new Uint8Array([123])) }),
        ),
    });
    expect(await rejection(slow.POST('/hb/multi-access/otp/validate', { body }))).toBeInstanceOf(
      TimeoutError,
    );
    await slow.close();
  });
});
