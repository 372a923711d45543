// Webhook deliveries over real mutual TLS, with certificates made at test time: the mock delivers `try`'s
// body to the registered URL presenting its webhook client certificate; the receiver's status, latency or
// error lands in the webhook logs and the journal; `retry` delivers the logged delivery again, `resend` the
// notification as a new log, the retry schedule and the faults (duplicates, delays, out of order) do what
// docs/mock.md says; deliveries go only to registered URLs; signing is opt-in (Standard Webhooks); the
// answers stay the contract's.
import { createHmac } from 'node:crypto';
import { judgeAnswer } from '@banking-api/conformance';
import type { WebhookLog } from '@banking-api/mock';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestMock, type TestMock, testPki } from '../support/mock-server.ts';
import { type Answering, startReceiver, type TestReceiver } from '../support/webhook-receiver.ts';
import { type Caller, caller, operation } from './mtls.ts';

let m: TestMock;
let client: Caller;
let token: string;
let receiver: TestReceiver;
/** How the receiver answers, per test. */
let answering: Answering = () => ({ status: 200 });

beforeAll(async () => {
  // The receiver trusts the CA of the mock's webhook client certificate; the mock trusts the receiver's.
  receiver = await startReceiver((await testPki()).webhook.ca, (n, a) => answering(n, a));
  m = await startTestMock({ stateful: true, webhookCa: receiver.ca, deliveries: { retrySchedule: [] } });
  client = caller(m.mock);
  token = await m.token();
});
afterAll(async () => {
  await client?.close();
  await m?.stop();
  await receiver?.close();
});
afterEach(() => {
  answering = () => ({ status: 200 });
  m.mock.reset();
  m.mock.webhooks.clear();
});

/** `op`'s answer held to the contract by the conformance engine's judge. */
function conforms(operationId: string, answer: { status: number; body: unknown }): void {
  const op = operation(m.mock, operationId);
  const text = JSON.stringify(answer.body);
  const { failures } = judgeAnswer(op, {
    status: answer.status,
    mediaType: 'application/json',
    headers: {},
    text,
  });
  expect(failures, `${operationId} ${text}`).toEqual([]);
}

async function tryWebhook(webhookId: string, body: unknown) {
  const answer = await client.call('POST', `/hb/webhook/try?webhookId=${webhookId}`, { token, body });
  conforms('tryWebhook', answer);
  return (answer.body as { data: { webhookLogId: string; notificationId: string } }).data;
}

async function logs(webhookId: string): Promise<WebhookLog[]> {
  const answer = await client.call('GET', `/hb/webhook/logs?webhookId=${webhookId}`, { token });
  conforms('listWebhookLogs', answer);
  return (answer.body as { data: WebhookLog[] }).data;
}

/** The log once it holds `n` attempts. */
async function settled(webhookId: string, logId: string, n: number): Promise<WebhookLog> {
  let log: WebhookLog | undefined;
  await expect
    .poll(
      async () => {
        log = (await logs(webhookId)).find((l) => l.id === logId);
        return log?.attempts.length ?? 0;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(n);
  return log as WebhookLog;
}

describe('deliveries over mutual TLS', () => {
  test('try delivers its body to the registered URL, the mock presenting its webhook client certificate', async () => {
    m.mock.webhooks.set('wh-1', receiver.url);
    const body = { message: 'connectivity test', n: 1 };
    const { webhookLogId, notificationId } = await tryWebhook('wh-1', body);
    const arrived = await receiver.arrival((a) => a.headers['x-mock-webhook-log-id'] === webhookLogId);
    expect(JSON.parse(arrived.body)).toEqual(body);
    expect(arrived).toMatchObject({ method: 'POST', path: '/hooks', authorized: true });
    expect(arrived.clientName).toBe('banking-api-mock-webhooks');
    expect(arrived.headers).toMatchObject({
      'content-type': 'application/json',
      'x-mock-notification-id': notificationId,
      'x-mock-webhook-id': 'wh-1',
      'x-mock-delivery-attempt': 'test',
    });
    const log = await settled('wh-1', webhookLogId, 1);
    expect(log).toMatchObject({ webhookId: 'wh-1', notificationId, payload: body, status: 'DELIVERED' });
    expect(log.attempts[0]).toMatchObject({ kind: 'test', status: 'DELIVERED', responseStatus: 200 });
    expect(log.attempts[0]?.latencyMs).toBeGreaterThanOrEqual(0);
    const [entry] = m.mock.journal.entries().filter((e) => e.answeredBy === 'receiver');
    expect(entry).toMatchObject({
      method: 'POST',
      url: receiver.url,
      status: 200,
      delivery: { webhookId: 'wh-1', webhookLogId, notificationId, attempt: 'test' },
    });
    expect(JSON.parse(entry?.body ?? '')).toEqual(body);
  });

  test('a receiver answering 503 then 200: both attempts, with their real statuses, in the logs after a retry', async () => {
    m.mock.webhooks.set('wh-2', receiver.url);
    let status = 503;
    answering = () => ({ status });
    const { webhookLogId } = await tryWebhook('wh-2', { attempt: 'one' });
    const first = await settled('wh-2', webhookLogId, 1);
    status = 200;
    expect(first.attempts[0]).toMatchObject({ kind: 'test', status: 'FAILED', responseStatus: 503 });
    expect(first.status).toBe('FAILED');
    const retried = await client.call('POST', '/hb/webhook/retry', { token, body: { webhookLogId } });
    conforms('retryWebhook', retried);
    expect(retried.body).toEqual({ retry: { id: webhookLogId, status: 'QUEUED' } });
    const after = await settled('wh-2', webhookLogId, 2);
    expect(after.attempts.map((a) => [a.kind, a.status, a.responseStatus])).toEqual([
      ['test', 'FAILED', 503],
      ['retry', 'DELIVERED', 200],
    ]);
    expect(after.status).toBe('DELIVERED');
    const bodies = receiver.arrivals.filter((a) => a.headers['x-mock-webhook-log-id'] === webhookLogId);
    expect(bodies.map((a) => JSON.parse(a.body))).toEqual([{ attempt: 'one' }, { attempt: 'one' }]);
  });

  test('resend delivers the notification again, as a new log; an unknown one answers the contract example', async () => {
    m.mock.webhooks.set('wh-3', receiver.url);
    const { notificationId, webhookLogId } = await tryWebhook('wh-3', { resend: 'me' });
    await settled('wh-3', webhookLogId, 1);
    const resent = await client.call('POST', '/ar/notifications/resend', { token, body: { notificationId } });
    conforms('resendNotification', resent);
    expect(resent.body).toEqual({ resend: { id: notificationId, status: 'QUEUED' } });
    const arrived = await receiver.arrival(
      (a) =>
        a.headers['x-mock-notification-id'] === notificationId &&
        a.headers['x-mock-delivery-attempt'] === 'resend',
    );
    expect(JSON.parse(arrived.body)).toEqual({ resend: 'me' });
    await expect
      .poll(async () => (await logs('wh-3')).map((l) => l.attempts[0]?.kind))
      .toEqual(['test', 'resend']);
    const unknown = await client.call('POST', '/ar/notifications/resend', {
      token,
      body: { notificationId: 'n-x' },
    });
    expect(unknown.status).toBe(200);
    conforms('resendNotification', unknown);
  });

  test('GET /ar/notifications/webhook/{type} answers the URL registered for the type', async () => {
    const none = await client.call('GET', '/ar/notifications/webhook/PIX_RECEIVED', { token });
    conforms('getWebhookUrl', none); // nothing registered: the contract's example
    m.mock.webhooks.set('wh-pix', { url: receiver.url, types: ['PIX_RECEIVED'] });
    const pix = await client.call('GET', '/ar/notifications/webhook/PIX_RECEIVED', { token });
    conforms('getWebhookUrl', pix);
    expect(pix.body).toEqual({ type: 'PIX_RECEIVED', webhookId: 'wh-pix', url: receiver.url });
    const other = await client.call('GET', '/ar/notifications/webhook/BOLETO_PAID', { token });
    expect(other.status).toBe(404);
    conforms('getWebhookUrl', other);
  });

  test('deliveries go only to registered URLs: an unknown webhook fails its attempt at once, saying how to register one', async () => {
    const before = receiver.arrivals.length;
    const { webhookLogId } = await tryWebhook('wh-nobody', { x: 1 });
    const log = await settled('wh-nobody', webhookLogId, 1);
    expect(log.attempts[0]?.status).toBe('FAILED');
    expect(log.attempts[0]?.error).toMatch(/no URL is registered for webhook wh-nobody.*__mock\/webhooks/);
    expect(receiver.arrivals.length).toBe(before);
  });

  test('a stateless session registers no webhook; the registry checks what it is given', async () => {
    const stateless = await m.mock.openSession({ stateful: false });
    await expect(stateless.webhooks.set('wh', receiver.url)).rejects.toThrow(/stateful/);
    await stateless.close();
    expect(() => m.mock.webhooks.set('wh', 'http://127.0.0.1/hooks')).toThrow(/https/);
    expect(() => m.mock.webhooks.set('wh', 'https://user:pw@127.0.0.1/hooks')).toThrow(/credentials/);
    expect(() => m.mock.webhooks.set('bad id', receiver.url)).toThrow(/webhook id/);
    expect(() =>
      m.mock.webhooks.set('wh', { url: receiver.url, faults: { duplicte: true } } as never),
    ).toThrow(/did you mean duplicate/);
  });
});

describe('the retry schedule, the faults and the opt-in signature', () => {
  let scheduled: TestMock;
  let c: Caller;
  beforeAll(async () => {
    scheduled = await startTestMock({
      stateful: true,
      webhookCa: receiver.ca,
      deliveries: { retrySchedule: [50, 50] },
    });
    c = caller(scheduled.mock);
  });
  afterAll(async () => {
    await c?.close();
    await scheduled?.stop();
  });
  const tryOn = async (webhookId: string, body: unknown) => {
    const answer = await c.call('POST', `/hb/webhook/try?webhookId=${webhookId}`, { token, body });
    return (answer.body as { data: { webhookLogId: string; notificationId: string } }).data;
  };
  const logOf = async (webhookId: string) =>
    (
      (await c.call('GET', `/hb/webhook/logs?webhookId=${webhookId}`, { token })).body as {
        data: WebhookLog[];
      }
    ).data[0];

  test('a failed delivery is retried on the schedule until the receiver takes it', async () => {
    let calls = 0;
    answering = () => ({ status: ++calls === 1 ? 500 : 204 });
    scheduled.mock.webhooks.set('sched', receiver.url);
    await tryOn('sched', { s: 1 });
    await expect.poll(async () => (await logOf('sched'))?.status, { timeout: 10_000 }).toBe('DELIVERED');
    const log = await logOf('sched');
    expect(log?.attempts.map((a) => [a.kind, a.responseStatus])).toEqual([
      ['test', 500],
      ['scheduled', 204],
    ]);
  });

  test('after the last retry of the schedule the delivery stays FAILED', async () => {
    answering = () => ({ status: 500 });
    scheduled.mock.webhooks.set('dead', receiver.url);
    await tryOn('dead', { s: 2 });
    await expect.poll(async () => (await logOf('dead'))?.status, { timeout: 10_000 }).toBe('FAILED');
    expect((await logOf('dead'))?.attempts.map((a) => a.kind)).toEqual(['test', 'scheduled', 'scheduled']);
  });

  test('duplicates: every delivery arrives twice with the same notification id', async () => {
    scheduled.mock.webhooks.set('dup', { url: receiver.url, faults: { duplicate: true } });
    const { notificationId } = await tryOn('dup', { d: 1 });
    await expect
      .poll(
        () => receiver.arrivals.filter((a) => a.headers['x-mock-notification-id'] === notificationId).length,
      )
      .toBe(2);
  });

  test('out of order: of two deliveries, the second arrives first; delays hold each attempt back', async () => {
    scheduled.mock.webhooks.set('ooo', { url: receiver.url, faults: { outOfOrderMs: 1_500, delayMs: 100 } });
    const started = Date.now();
    const first = await tryOn('ooo', { order: 1 });
    const second = await tryOn('ooo', { order: 2 });
    const [a, b] = await Promise.all(
      [first, second].map(({ notificationId }) =>
        receiver.arrival((x) => x.headers['x-mock-notification-id'] === notificationId),
      ),
    );
    expect((b as { at: number }).at).toBeLessThan((a as { at: number }).at);
    expect((b as { at: number }).at - started).toBeGreaterThanOrEqual(100);
  });

  test('opt-in Standard Webhooks signature: the receiver can verify it with the secret', async () => {
    const key = Buffer.alloc(32, 7);
    const secret = `whsec_${key.toString('base64')}`;
    const shown = scheduled.mock.webhooks.set('signed', {
      url: receiver.url,
      signing: { profile: 'standard-webhooks', secret },
    });
    expect(JSON.stringify(shown)).not.toContain(secret.slice(6, 20)); // the secret is never shown back
    const { notificationId } = await tryOn('signed', { signed: true });
    const arrived = await receiver.arrival((x) => x.headers['webhook-id'] === notificationId);
    const { 'webhook-timestamp': ts, 'webhook-signature': signature } = arrived.headers;
    const expected = createHmac('sha256', key)
      .update(`${notificationId}.${ts}.${arrived.body}`)
      .digest('base64');
    expect(signature).toBe(`v1,${expected}`);
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(60);
  });
});
