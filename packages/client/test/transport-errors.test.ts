import { type AddressInfo, createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyFailure } from '../src/failure.js';
import { createBankingClient, TimeoutError, TransportError } from '../src/index.js';
import { json, makePki, type Pki, startServer, type TestServer } from './harness.js';

let pki: Pki;
let server: TestServer;
const token = 'static-token';
const call = (client: ReturnType<typeof createBankingClient>) =>
  client.POST('/hb/multi-access/otp/validate', { body: { context: 'login', code: '123456' } });

async function failure(promise: Promise<unknown>): Promise<TransportError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TransportError);
  return error as TransportError;
}

beforeAll(async () => {
  pki = makePki();
  server = await startServer(pki);
  server.handle((_req, res) => json(res, 200, { valid: true }));
});
afterAll(() => server.close());

describe('transport failures name the cause and what to check', () => {
  it('no client certificate', async () => {
    const client = createBankingClient({
      baseUrl: server.url,
      environment: 'sandbox',
      tls: { ca: pki.ca.cert },
      token,
    });
    const error = await failure(call(client));
    expect(error.kind).toBe('tls-handshake');
    expect(error.message).toMatch(/refused the TLS handshake/);
    expect(error.message).toMatch(/no client certificate is configured/);
    await client.close();
  });

  it('a certificate of the other environment (foreign CA)', async () => {
    const client = createBankingClient({
      baseUrl: server.url,
      environment: 'sandbox',
      tls: { cert: pki.foreign.cert, key: pki.foreign.key, ca: pki.ca.cert },
      token,
    });
    const error = await failure(call(client));
    expect(error.kind).toBe('tls-handshake');
    expect(error.message).toMatch(/CN=production-client.*issued for this environment for sandbox/);
    await client.close();
  });

  it('an expired certificate', async () => {
    const client = createBankingClient({
      baseUrl: server.url,
      tls: { cert: pki.expired.cert, key: pki.expired.key, ca: pki.ca.cert },
      token,
    });
    const error = await failure(call(client));
    expect(error.kind).toBe('tls-handshake');
    expect(error.message).toMatch(/CN=expired-client\) expired on .*renew it/);
    await client.close();
  });

  it('an untrusted server certificate', async () => {
    const client = createBankingClient({
      baseUrl: server.url,
      tls: { cert: pki.client.cert, key: pki.client.key, ca: pki.otherCa.cert },
      token,
    });
    const error = await failure(call(client));
    expect(error.kind).toBe('tls-handshake');
    expect(error.message).toMatch(/server's certificate is not trusted or not valid .*: check `tls.ca`/);
    await client.close();
  });

  it('connection refused', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const client = createBankingClient({
      baseUrl: `https://127.0.0.1:${port}`,
      tls: { cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert },
      token,
    });
    const error = await failure(call(client));
    expect(error.kind).toBe('connection-refused');
    expect(error.message).toMatch(/check host and port/);
    await client.close();
  });

  it('DNS failures (classification; the tests use no network)', () => {
    const facts = {
      environment: 'production',
      timeoutMs: 1,
      certificate: undefined,
      handshakeRejected: false,
    };
    const context = {
      operationId: 'getWebhookUrl',
      operation: 'GET /x',
      requestId: 'r-1',
      url: 'https://api.invalid/x',
      attempts: 1,
    };
    const error = classifyFailure(
      Object.assign(new Error('getaddrinfo ENOTFOUND api.invalid'), { code: 'ENOTFOUND' }),
      facts,
      context,
    );
    expect(error.kind).toBe('dns');
    expect(error.message).toMatch(/does not resolve: check `baseUrl`/);
  });

  it('one deadline covers every attempt: a timed-out attempt is not retried past it', async () => {
    let calls = 0;
    server.handle(() => {
      calls++; // never answer
    });
    const client = createBankingClient({
      baseUrl: server.url,
      tls: { cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert },
      token,
      timeoutMs: 300,
      retry: { baseDelayMs: 1 },
    });
    const started = Date.now();
    const error = await failure(
      client.PUT('/ar/accounts/{id}/full/legal-person', {
        params: { path: { id: 'idem-1' } },
        body: { companyName: 'ACME', taxId: '11222333000181', email: 'a@b.co', phone: '+5511999999999' },
      }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/within 300 ms.*raise `timeoutMs`/);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(calls).toBe(1);
    await client.close();
  });

  it('a call queued behind a connection attempt begun for an earlier call: its timeout says that, not that its own deadline passed', async () => {
    const silent = createServer(() => undefined); // takes the TCP connection, never speaks TLS
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const client = createBankingClient({
      baseUrl: `https://127.0.0.1:${port}`,
      tls: { cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert },
      token,
      timeoutMs: 3000,
      connections: 1,
      retry: false,
    });
    try {
      const connected = new Promise((resolve) => silent.once('connection', resolve));
      const first = failure(call(client)); // opens the connection: it fails 3,000 ms from now
      await connected;
      // Queued 1,500 ms in: the connection fails 1,500 ms before the queued call's own deadline and
      // 1,500 ms after it was queued, margins a loaded machine keeps (500 ms was not, with every core busy).
      await delay(1500);
      const queued = await failure(call(client));
      expect(queued).toBeInstanceOf(TimeoutError);
      expect(queued.code).toBe('UND_ERR_CONNECT_TIMEOUT');
      expect(queued.message).toMatch(/the connection it waited for \(perhaps begun for an earlier call/);
      expect(queued.message).not.toMatch(/no complete answer/);
      expect(await first).toBeInstanceOf(TimeoutError);
    } finally {
      await client.close();
      silent.close();
    }
  });

  it('aborts with the caller’s signal as an AbortError, not a transport error', async () => {
    server.handle(() => undefined);
    const client = createBankingClient({
      baseUrl: server.url,
      tls: { cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert },
      token,
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await client
      .POST('/hb/multi-access/otp/validate', { body: { context: 'x', code: '1' }, signal: controller.signal })
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    await client.close();
  });
});
