// Fault injection over real mTLS: latency, a chosen 5xx with a realistic envelope and a dropped
// connection, per operation (API and admin route) and per request (header, only with faults on); and
// the simulated failures of `Prefer: code=...`.
import { faultHeader } from '@banking-api/mock';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestMock, type TestMock } from '../support/mock-server.ts';
import { type Caller, caller, operation, validCall } from './mtls.ts';

const envelopeKeys = ['code', 'details', 'message', 'path', 'status_code', 'timestamp'];

describe('with faults on', () => {
  let m: TestMock;
  let client: Caller;
  let token: string;
  const logs = () => validCall(operation(m.mock, 'listWebhookLogs'));
  beforeAll(async () => {
    m = await startTestMock({ faults: true });
    client = caller(m.mock);
    token = await m.token();
  });
  beforeEach(() => m.mock.faults.clear());
  afterAll(async () => {
    await client?.close();
    await m?.stop();
  });

  test('a per-operation 503 answers the error envelope with Retry-After, for `times` requests only', async () => {
    m.mock.faults.set('listWebhookLogs', { status: 503, times: 1 });
    const failed = await client.call('GET', logs().url, { token });
    expect(failed.status).toBe(503);
    expect(Object.keys(failed.body as object).sort()).toEqual(envelopeKeys);
    expect(failed.body).toMatchObject({
      status_code: 503,
      code: 'SERVICE_UNAVAILABLE',
      path: '/hb/webhook/logs',
      details: [],
    });
    expect(failed.headers['retry-after']).toBe('1');
    expect((await client.call('GET', logs().url, { token })).status).toBe(200);
  });

  test('a fault sets its own Retry-After, or none; the admin route takes it and refuses a bad one', async () => {
    const admin = await m.mock.adminToken();
    const put = (body: object) =>
      client.call('PUT', '/__mock/faults/listWebhookLogs', { token: admin, body });
    expect((await put({ status: 503, retryAfterSeconds: 30, times: 1 })).status).toBe(200);
    expect((await client.call('GET', logs().url, { token })).headers['retry-after']).toBe('30');
    m.mock.faults.set('listWebhookLogs', { status: 503, retryAfterSeconds: null, times: 1 });
    const without = await client.call('GET', logs().url, { token });
    expect(without.status).toBe(503);
    expect(without.headers).not.toHaveProperty('retry-after');
    const header = await client.call('GET', logs().url, {
      token,
      headers: { [faultHeader]: 'status=502, retry-after=7' },
    });
    expect([header.status, header.headers['retry-after']]).toEqual([502, '7']);
    const refused = await put({ status: 503, retryAfterSeconds: -1 });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      details: [{ message: expect.stringMatching(/retryAfterSeconds/) }],
    });
    expect((await put({ latencyMs: 5, retryAfterSeconds: 2 })).status).toBe(400); // no status to carry it
  });

  test('latency delays the normal answer', async () => {
    m.mock.faults.set('*', { latencyMs: 400 });
    const started = Date.now();
    const answer = await client.call('GET', logs().url, { token });
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  test('a dropped connection gets no answer at all', async () => {
    m.mock.faults.set('listWebhookLogs', { drop: true });
    await expect(client.call('GET', logs().url, { token })).rejects.toThrow(
      /other side closed|socket|closed/i,
    );
  });

  test('the header asks for a fault on one request', async () => {
    const answer = await client.call('GET', logs().url, { token, headers: { [faultHeader]: 'status=502' } });
    expect(answer.body).toMatchObject({ status_code: 502, code: 'BAD_GATEWAY' });
    const bad = await client.call('GET', logs().url, { token, headers: { [faultHeader]: 'status=200' } });
    expect(bad.body).toMatchObject({
      status_code: 400,
      details: [{ location: 'header', field: faultHeader }],
    });
  });

  test('the admin route sets and clears faults, with the admin credential only', async () => {
    const fault = { status: 504 };
    const ordinary = await client.call('PUT', '/__mock/faults/listWebhookLogs', { token, body: fault });
    expect(ordinary.status).toBe(403);
    const admin = await m.mock.adminToken();
    expect(
      (await client.call('PUT', '/__mock/faults/listWebhookLogs', { token: admin, body: fault })).status,
    ).toBe(200);
    expect(
      (await client.call('PUT', '/__mock/faults/noSuchOperation', { token: admin, body: fault })).status,
    ).toBe(400);
    expect(
      (await client.call('PUT', '/__mock/faults/sendPix', { token: admin, body: { status: 200 } })).status,
    ).toBe(400);
    expect((await client.call('GET', '/__mock/faults', { token: admin })).body).toEqual({
      faults: { listWebhookLogs: fault },
    });
    expect((await client.call('GET', logs().url, { token })).body).toMatchObject({ code: 'GATEWAY_TIMEOUT' });
    expect((await client.call('DELETE', '/__mock/faults', { token: admin })).status).toBe(204);
    expect((await client.call('GET', logs().url, { token })).status).toBe(200);
  });
});

describe('without faults', () => {
  let m: TestMock;
  let client: Caller;
  beforeAll(async () => {
    m = await startTestMock();
    client = caller(m.mock);
  });
  afterAll(async () => {
    await client?.close();
    await m?.stop();
  });

  test('the fault header is ignored', async () => {
    const token = await m.token();
    const answer = await client.call('GET', validCall(operation(m.mock, 'listWebhookLogs')).url, {
      token,
      headers: { [faultHeader]: 'status=503' },
    });
    expect(answer.status).toBe(200);
  });

  test('Prefer: code=500 answers a realistic simulated failure, not the mock internals', async () => {
    const token = await m.token();
    for (const op of m.model.operations) {
      const call = validCall(op);
      const answer = await client.call(call.method, call.url, {
        token,
        body: call.body,
        headers: { ...call.headers, prefer: 'code=500' },
      });
      expect(answer.status, op.operationId).toBe(500);
      expect(answer.body, op.operationId).toMatchObject({
        status_code: 500,
        code: 'INTERNAL_ERROR',
        message: 'An unexpected error occurred. Try again later.',
        details: [],
      });
      expect(JSON.stringify(answer.body), op.operationId).not.toMatch(/pattern|timestamp must|Prism/i);
    }
  });

  test('a forced 400 (Prefer: code=400) has non-empty details', async () => {
    const token = await m.token();
    const op = operation(m.mock, 'listWebhookLogs');
    const call = validCall(op);
    const answer = await client.call(call.method, call.url, { token, headers: { prefer: 'code=400' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      status_code: 400,
      code: 'VALIDATION_ERROR',
      path: '/hb/webhook/logs',
    });
    expect((answer.body as { details: unknown[] }).details.length).toBeGreaterThan(0);
  });
});
