// Hostile and careless use of the mock, second round, over real mTLS with real Prism: the journal
// leaks nothing and stays bounded, stored input can be read back, idempotency is taken only from
// requests that happened, `bearer` in any case, and clear answers for unknown paths, wrong media types
// and plain HTTP on the TLS port.
import { connect as tcpConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { Operation } from '@banking-api/contract';
import { type JournalEntry, replayHeader } from '@banking-api/mock';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestMock, type TestMock } from '../support/mock-server.ts';
import { validRequest } from '../support/requests.ts';
import { type Caller, caller, operation, validCall } from './mtls.ts';

const portOf = (m: TestMock) => Number(new URL(m.url).port);

/** Raw bytes over mTLS, then the connection closed by us after `holdMs`; what came back. */
/** A mutual-TLS connection to the mock, with its sandbox client certificate. */
const tlsTo = (m: TestMock) =>
  tlsConnect({
    host: '127.0.0.1',
    port: portOf(m),
    ...m.mock.clients.sandbox,
    ca: m.mock.ca,
    servername: 'localhost',
  });

function rawTls(m: TestMock, bytes: string | Buffer, holdMs = 200): Promise<string> {
  return new Promise((resolve) => {
    const socket = tlsTo(m);
    let text = '';
    socket.on('data', (d) => (text += d));
    socket.on('error', () => {});
    socket.once('secureConnect', () => {
      socket.write(bytes);
      setTimeout(() => {
        socket.destroy();
        resolve(text);
      }, holdMs);
    });
  });
}

/** The first idempotent operation taking JSON, and its valid call with identifier `id`. */
function idempotentCall(m: TestMock, id: string) {
  const op = m.model.operations.find(
    (o) => o.idempotency && o.requestBody?.content[0]?.mediaType === 'application/json',
  ) as Operation;
  const { params, body } = validRequest(op);
  const path = { ...params.path, [op.idempotency?.parameter ?? '']: id };
  const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(path[name] ?? ''));
  return { ...validCall(op), url, body };
}

describe('the journal leaks nothing and stays bounded', () => {
  let m: TestMock;
  let client: Caller;
  let token: string;
  beforeAll(async () => {
    m = await startTestMock({ journalMaxBytes: 256 * 1024, journalMaxBodyBytes: 2048 });
    client = caller(m.mock);
    token = await m.token();
  });
  afterAll(async () => {
    await client?.close();
    await m?.stop();
  });

  test('phones in E.164 and with spaces, opaque tokens, password= and card passwords, request ids', async () => {
    m.mock.journal.clear();
    const secrets = [
      '+5511987654321',
      '11 98765 4321',
      'opaque-Zx81',
      'hunter2-pw',
      '8246-card',
      'ana@example.com',
    ];
    const create = validCall(operation(m.mock, 'createCard'));
    const answered = await client.call(
      'POST',
      `${create.url}?access_token=opaque-Zx81&password=hunter2-pw&tel=%2B5511987654321`,
      {
        token,
        body: { ...(create.body as object), password: '8246-card', alias: 'call 11 98765 4321' },
        headers: { ...create.headers, 'x-request-id': 'ana@example.com' },
      },
    );
    expect(answered.headers['x-request-id']).not.toContain('ana@');
    await client.call('POST', '/hb/webhook/try?webhookId=w1', {
      token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'password=hunter2-pw&token=opaque-Zx81',
    });
    await expect.poll(() => m.mock.journal.entries().length).toBeGreaterThanOrEqual(2);
    const admin = await client.call('GET', '/__mock/journal', { token: await m.mock.adminToken() });
    const text = JSON.stringify(admin.body);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    expect(text).not.toContain('98765');
  });

  test('bodies are cut with a marker, the journal holds no more than its byte budget, and reads stay quick', async () => {
    m.mock.journal.clear();
    const big = { webhookLogId: `${'a'.repeat(20_000)}b` };
    for (let i = 0; i < 40; i++) await client.call('POST', '/hb/webhook/retry', { token, body: big });
    const entries: JournalEntry[] = m.mock.journal.entries();
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.length).toBeLessThan(40 + 1);
    const kept = entries.reduce((n, e) => n + (e.body?.length ?? 0), 0);
    expect(kept).toBeLessThanOrEqual(256 * 1024);
    expect(entries[0]?.body).toMatch(/…\[truncated: 20020 bytes in all\]$/);
    expect(entries[0]?.bodyBytes).toBe(20_020);
    const started = Date.now();
    const admin = await client.call('GET', '/__mock/journal', { token: await m.mock.adminToken() });
    expect(admin.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('stateful stores are bounded; what was accepted can be read back', () => {
  let m: TestMock;
  let client: Caller;
  let token: string;
  beforeAll(async () => {
    m = await startTestMock({ stateful: true, stateLimits: { maxWebhookLogs: 3 } });
    client = caller(m.mock);
    token = await m.token();
  });
  afterAll(async () => {
    await client?.close();
    await m?.stop();
  });

  const tryUrl = (webhookId: string) => `/hb/webhook/try?webhookId=${webhookId}`;
  const logs = async (webhookId: string) =>
    (
      (await client.call('GET', `/hb/webhook/logs?webhookId=${webhookId}`, { token })).body as {
        data: { payload: unknown }[];
      }
    ).data;

  test('webhook logs: the oldest make room beyond the limit', async () => {
    const headers = validCall(operation(m.mock, 'tryWebhook')).headers;
    for (let i = 0; i < 5; i++) await client.call('POST', tryUrl('bounded'), { token, body: { i }, headers });
    expect((await logs('bounded')).map((l) => l.payload)).toEqual([{ i: 2 }, { i: 3 }, { i: 4 }]);
  });

  test('JSON nested to the depth limit is stored and read back; one level more is a 400 and not stored', async () => {
    const headers = validCall(operation(m.mock, 'tryWebhook')).headers;
    const nested = (depth: number) => JSON.parse(`${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`);
    const ok = await client.call('POST', tryUrl('deep'), { token, body: nested(64), headers });
    expect(ok.status).toBe(201);
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const head = `POST ${tryUrl('deep')} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${deep.length}\r\n${Object.entries(
      headers,
    )
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}\r\n`;
    const refused = await rawTls(m, head + deep, 800);
    expect(refused).toMatch(/^HTTP\/1\.1 400 /);
    expect(refused).toContain('too_deep');
    const oneTooMany = await client.call('POST', tryUrl('deep'), { token, body: nested(65), headers });
    expect(oneTooMany.status).toBe(400);
    const read = await client.call('GET', '/hb/webhook/logs?webhookId=deep', { token });
    expect(read.status).toBe(200);
    expect((read.body as { data: unknown[] }).data).toHaveLength(1);
    expect((await client.call('GET', '/__mock/journal', { token: await m.mock.adminToken() })).status).toBe(
      200,
    );
  });

  test('a PUT cut off mid-body (or before it) records nothing: the whole retry succeeds', async () => {
    const call = idempotentCall(m, 'idem-cut-1');
    const body = JSON.stringify(call.body);
    const head = (length: number) =>
      `${call.method} ${call.url} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n${Object.entries(
        call.headers,
      )
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}Content-Length: ${length}\r\n\r\n`;
    await rawTls(m, head(body.length) + body.slice(0, 5)); // mid-body
    await rawTls(m, head(body.length)); // before the body
    const retry = await client.call(call.method, call.url, { token, body: call.body, headers: call.headers });
    expect(retry.status, JSON.stringify(retry.body)).toBeLessThan(300);
    expect(retry.headers[replayHeader]).toBeUndefined();
    const again = await client.call(call.method, call.url, { token, body: call.body, headers: call.headers });
    expect(again.headers[replayHeader]).toBe('true');
  });

  test('absolute-form targets with authorities no URL parser takes get an answer; the mock serves on', async () => {
    const key = operation(m.mock, 'listWebhookLogs').key;
    const used = () => m.mock.usage().operations[key]?.parameters.webhookId ?? 0;
    const before = used();
    const headers = validCall(operation(m.mock, 'listWebhookLogs')).headers;
    const lines = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    for (const target of [
      'http://a:99999/hb/webhook/logs?webhookId=x',
      'http://[/hb/webhook/logs?webhookId=x',
      'http://u@/hb/webhook/logs?webhookId=x',
    ]) {
      const head = `GET ${target} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n${lines}\r\n`;
      expect(await rawTls(m, head, 800), target).toMatch(/^HTTP\/1\.1 [2-4]\d\d /);
    }
    const read = await client.call('GET', '/hb/webhook/logs?webhookId=x', { token });
    expect(read.status).toBe(200);
    await expect.poll(used).toBe(before + 4);
  });

  test('bodies are compared exactly; JSON that is not UTF-8 is a 400', async () => {
    const call = idempotentCall(m, 'idem-bytes-1');
    const first = await client.call(call.method, call.url, { token, body: call.body, headers: call.headers });
    expect(first.status).toBeLessThan(300);
    const reordered = Object.fromEntries(Object.entries(call.body as object).reverse());
    const other = await client.call(call.method, call.url, { token, body: reordered, headers: call.headers });
    expect(other.status).toBe(409);
    const latin1 = (s: string) =>
      Buffer.concat([Buffer.from('{"note":"'), Buffer.from(s, 'latin1'), Buffer.from('"}')]);
    for (const bytes of [latin1('caf\u00e9'), latin1('na\u00efve')]) {
      const head = `${call.method} ${idempotentCall(m, 'idem-bytes-2').url} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\n${Object.entries(
        call.headers,
      )
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}\r\n`;
      const answer = await rawTls(m, Buffer.concat([Buffer.from(head), bytes]), 800);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('invalid_utf8');
    }
  });
});

describe('a new user’s walk', () => {
  let m: TestMock;
  let client: Caller;
  let token: string;
  beforeAll(async () => {
    m = await startTestMock();
    client = caller(m.mock);
    token = await m.token();
  });
  afterAll(async () => {
    await client?.close();
    await m?.stop();
  });

  test('the Bearer scheme in any case (RFC 9110 §11.1)', async () => {
    const logs = validCall(operation(m.mock, 'listWebhookLogs'));
    for (const scheme of ['bearer', 'BEARER', 'Bearer'])
      expect(
        (await client.call('GET', logs.url, { headers: { authorization: `${scheme} ${token}` } })).status,
      ).toBe(200);
    expect(
      (
        await client.call('GET', '/__mock/journal', {
          headers: { authorization: `bearer ${await m.mock.adminToken()}` },
        })
      ).status,
    ).toBe(200);
  });

  test('an unknown path: 404 in the envelope, with a hint about a trailing slash; a wrong method: 405 with Allow', async () => {
    const slash = await client.call('GET', '/hb/webhook/logs/?webhookId=w', { token });
    expect(slash.status).toBe(404);
    expect(slash.body).toMatchObject({ status_code: 404, code: 'NOT_FOUND', path: '/hb/webhook/logs/' });
    expect((slash.body as { message: string }).message).toContain(
      'Did you mean /hb/webhook/logs (no trailing slash)?',
    );
    const none = await client.call('GET', '/no/such/path', { token });
    expect(none.body).toMatchObject({ status_code: 404, code: 'NOT_FOUND' });
    expect(JSON.stringify(none.body)).not.toMatch(/Route not resolved/);
    const wrong = await client.call('DELETE', '/hb/webhook/logs', { token });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET');
  });

  test('a legal request of many small headers, under the 16 KiB limit, is served; one over it is a 431', async () => {
    /** A request of `count` headers `x-N: v` (with Connection: close) over mTLS; its status line. */
    const withHeaders = (count: number, value = 'v') =>
      new Promise<{ line: string; bytes: number }>((resolve) => {
        const many = Array.from({ length: count }, (_, i) => `x-${i}: ${value}\r\n`).join('');
        const request = `GET /hb/webhook/logs?webhookId=w HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n${many}Connection: close\r\n\r\n`;
        const socket = tlsTo(m);
        let text = '';
        socket.on('data', (d) => (text += d));
        socket.on('error', () => {});
        socket.once('secureConnect', () => socket.write(request));
        socket.once('close', () => resolve({ line: text.split('\r\n')[0] ?? '', bytes: request.length }));
      });
    const small = await withHeaders(1200);
    expect(small.bytes).toBeLessThan(16 * 1024);
    expect(small.line).toBe('HTTP/1.1 200 OK');
    const large = await withHeaders(200, 'v'.repeat(100));
    expect(large.bytes).toBeGreaterThan(16 * 1024);
    expect(large.line).toMatch(/^HTTP\/1\.1 431 /);
  });

  test('a form body to a JSON operation: 415 in the envelope', async () => {
    const retry = await client.call('POST', '/hb/webhook/retry', {
      token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'webhookLogId=1',
    });
    expect(retry.status).toBe(415);
    expect(retry.body).toMatchObject({ status_code: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  test('plain HTTP to the TLS port: a 400 envelope that says to use https', async () => {
    const text = await new Promise<string>((resolve) => {
      const socket = tcpConnect(portOf(m), '127.0.0.1', () =>
        socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'),
      );
      let got = '';
      socket.on('data', (d) => (got += d));
      socket.on('close', () => resolve(got));
      socket.on('error', () => {});
    });
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toMatchObject({
      status_code: 400,
      code: 'HTTPS_REQUIRED',
    });
  });

  /** Plain-HTTP bytes to the TLS port, written in pieces `gapMs` apart; what came back. */
  const plain = (pieces: string[], gapMs = 0) =>
    new Promise<string>((resolve) => {
      const socket = tcpConnect(portOf(m), '127.0.0.1', async () => {
        for (const piece of pieces) {
          socket.write(piece);
          await new Promise((r) => setTimeout(r, gapMs));
        }
      });
      let got = '';
      socket.on('data', (d) => (got += d));
      socket.on('close', () => resolve(got));
      socket.on('error', () => {});
    });

  test('the health check answers plain HTTP, GET or HEAD, however its request line arrives', async () => {
    const whole = await plain(['GET /__mock/health HTTP/1.1\r\nHost: x\r\n\r\n']);
    expect(whole).toMatch(/^HTTP\/1\.1 200 /);
    expect(whole.endsWith('{"status":"ready"}')).toBe(true);
    const pieces = await plain(['GET /__mock/he', 'alth?probe=1 HTTP/1.1\r\n', 'Host: x\r\n\r\n'], 50);
    expect(pieces).toMatch(/^HTTP\/1\.1 200 /);
    const head = await plain(['HEAD /__mock/health HTTP/1.1\r\nHost: x\r\n\r\n']);
    expect(head).toMatch(/^HTTP\/1\.1 200 [\s\S]*\r\n\r\n$/);
    expect(await plain(['GET /__mock/healthy HTTP/1.1\r\n\r\n'])).toMatch(/^HTTP\/1\.1 400 /);
    expect(await plain(['POST /__mock/health HTTP/1.1\r\n\r\n'])).toMatch(/^HTTP\/1\.1 400 /);
  });
});
