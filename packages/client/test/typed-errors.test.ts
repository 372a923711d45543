// Every failure is one of the client's error classes, over real TLS, and names the operation, the status
// when there is one, the request id and the redacted URL. Request ids: one per call, sent as x-request-id.
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BankingClientError,
  createBankingClient,
  InvalidResponseError,
  TlsError,
  TokenProviderError,
} from '../src/index.js';
import { envelope, json, makePki, type Pki, rejection, startServer, type TestServer } from './harness.js';

let pki: Pki;
let server: TestServer;
const tls = () => ({ cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert });
const cpf = '123.456.789-09';

beforeAll(async () => {
  pki = makePki();
  server = await startServer(pki);
});
afterAll(() => server.close());

describe('every failure is typed', () => {
  it('a 200 whose body is not JSON: InvalidResponseError with status, operation, request id, redacted URL', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"oops": ${cpf}`);
    });
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token: 't' });
    const error = await rejection(
      client.GET('/ar/notifications/webhook/{type}', { params: { path: { type: cpf } } }),
    );
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).not.toBeInstanceOf(SyntaxError);
    const seen = server.seen.at(-1);
    expect(error).toMatchObject({
      name: 'InvalidResponseError',
      status: 200,
      operationId: 'getWebhookUrl',
      operation: 'GET /ar/notifications/webhook/{type}',
      requestId: seen?.headers['x-request-id'],
      url: `${server.url}/ar/notifications/webhook/[redacted]`,
      attempts: 1,
    });
    expect((error as Error).message).toMatch(/200 answer's body is not valid JSON \(application\/json; /);
    expect(JSON.stringify(error)).not.toContain('123.456');
    await client.close();
  });

  it('a body that is not JSON where the parser quotes personal data cut short: the cause keeps its name, not its message', async () => {
    const pad = (letter: string) => letter.repeat(60);
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"pad":"${pad('p')}", "k": x${cpf} joao.silva@gmail.com ${pad('b')}}`);
    });
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token: 't' });
    const error = (await rejection(
      client.GET('/hb/webhook/logs', { params: { query: { webhookId: 'w' } } }),
    )) as Error;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error.cause as Error).name).toBe('SyntaxError'); // JSON.parse's
    // V8 quotes about ten characters each side of the bad token ('"k": x123.456.7'): no pattern knows that.
    for (const shown of [error.message, (error.cause as Error).message, JSON.stringify(error)])
      expect(shown).not.toMatch(/x123|456\.7|joao|"k"/);
    await client.close();
  });

  it('a server presenting a CA certificate as its own: TlsError (server certificate), never retried', async () => {
    const caServer = createServer(
      { key: pki.ca.key, cert: pki.ca.cert, ca: pki.ca.cert, requestCert: true },
      (_req, res) => res.end('{}'),
    );
    let connections = 0;
    caServer.on('connection', () => connections++);
    await new Promise<void>((resolve) => caServer.listen(0, '127.0.0.1', resolve));
    const { port } = caServer.address() as AddressInfo;
    const ends: unknown[] = [];
    const client = createBankingClient({
      baseUrl: `https://127.0.0.1:${port}`,
      tls: tls(),
      token: 't',
      retry: { baseDelayMs: 1, retries: 3 },
      hooks: { onAttemptEnd: (info) => ends.push(info.willRetry) },
    });
    const error = await rejection(client.GET('/hb/webhook/logs', { params: { query: { webhookId: 'w' } } }));
    expect(error).toBeInstanceOf(TlsError);
    expect(error).toMatchObject({
      kind: 'tls-handshake',
      certificate: 'server',
      code: 'INVALID_PURPOSE',
      attempts: 1,
      operationId: 'listWebhookLogs',
    });
    expect(ends).toEqual([false]);
    expect(connections).toBe(1);
    await client.close();
    caServer.close();
  });

  it('a failing token provider: TokenProviderError without the provider’s message', async () => {
    const client = createBankingClient({
      baseUrl: server.url,
      tls: tls(),
      token: async () => {
        throw new Error('auth server said: client_secret s3cr3t-VALUE rejected for joao@example.com');
      },
    });
    const error = await rejection(
      client.POST('/hb/multi-access/otp/validate', { body: { context: 'x', code: '1' } }),
    );
    expect(error).toBeInstanceOf(TokenProviderError);
    // Nothing was sent: the token comes before the first attempt.
    expect(error).toMatchObject({
      operationId: 'validateOtp',
      attempts: 0,
      status: undefined,
      reason: 'failed',
    });
    expect((error as Error).message).toMatch(/token provider failed \(Error; its message is withheld/);
    expect(JSON.stringify(error)).not.toMatch(/s3cr3t|joao/);
    expect(String((error as Error).cause)).not.toMatch(/s3cr3t|joao/);
    await client.close();
  });
});

describe('request ids', () => {
  it('one per call, sent as x-request-id on every attempt, in hook records and errors', async () => {
    server.handle((req, res) => json(res, 503, envelope(503, 'UNAVAILABLE', req.url)));
    const records: { requestId: string; attempt: number }[] = [];
    const client = createBankingClient({
      baseUrl: server.url,
      tls: tls(),
      token: 't',
      retry: { baseDelayMs: 1, retries: 1 },
      hooks: { onAttemptStart: ({ requestId, attempt }) => records.push({ requestId, attempt }) },
    });
    const before = server.seen.length;
    const first = await client.GET('/hb/webhook/logs', { params: { query: { webhookId: 'w' } } });
    const second = await client.GET('/hb/webhook/logs', { params: { query: { webhookId: 'w' } } });
    const sent = server.seen.slice(before).map((s) => s.headers['x-request-id']);
    expect(sent).toHaveLength(4);
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]).toBe(sent[0]); // a retry is the same call
    expect(sent[2]).not.toBe(sent[0]);
    expect(records.map((r) => r.requestId)).toEqual(sent);
    // Raw response access for callers who need headers.
    expect(first.response.status).toBe(503);
    expect(second.response.headers.get('content-type')).toBe('application/json');
    // A caller's own id is kept.
    server.handle((_req, res) => res.socket?.destroy());
    const error = await rejection(
      client.POST('/hb/multi-access/otp/validate', {
        body: { context: 'x', code: '1' },
        headers: { 'x-request-id': 'caller-id-1' },
      }),
    );
    expect(error).toBeInstanceOf(BankingClientError);
    expect(error).toMatchObject({ requestId: 'caller-id-1' });
    expect(server.seen.at(-1)?.headers['x-request-id']).toBe('caller-id-1');
    expect((error as Error).message).toContain('[request caller-id-1]');
    await client.close();
  });

  it('a caller’s id made of personal data is sent as given, and errors and hook records show it redacted', async () => {
    server.handle((_req, res) => res.socket?.destroy());
    const given = `joao.silva@gmail.com-${cpf}`;
    const records: string[] = [];
    const client = createBankingClient({
      baseUrl: server.url,
      tls: tls(),
      token: 't',
      retry: false,
      hooks: {
        onAttemptStart: (info) => records.push(JSON.stringify(info)),
        onAttemptEnd: (info) => records.push(JSON.stringify(info)),
      },
    });
    const error = await rejection(
      client.GET('/hb/webhook/logs', {
        params: { query: { webhookId: 'w' } },
        headers: { 'x-request-id': given },
      }),
    );
    expect(server.seen.at(-1)?.headers['x-request-id']).toBe(given);
    expect(error).toBeInstanceOf(BankingClientError);
    const { requestId } = error as BankingClientError;
    expect(requestId).toContain('[redacted]');
    expect((error as Error).message).toContain(`[request ${requestId}]`);
    expect(records).toHaveLength(2);
    for (const shown of [JSON.stringify(error), inspect(error, { depth: 5 }), ...records])
      expect(shown).not.toMatch(/joao|gmail|123\.456|789-09/);
    await client.close();
  });
});
