// The request journal over real mTLS: every request with its operation, validation result and status,
// through the programmatic API and the admin route, with tokens and personal data redacted.
import type { JournalEntry } from '@banking-api/mock';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestMock, type TestMock } from '../support/mock-server.ts';
import { type Caller, caller, operation, validCall } from './mtls.ts';

let m: TestMock;
let client: Caller;
let token: string;
beforeAll(async () => {
  m = await startTestMock({ faults: true });
  client = caller(m.mock);
  token = await m.token();
});
afterAll(async () => {
  await client?.close();
  await m?.stop();
});

const cpf = '123.456.789-09';
const cnpj = '12.345.678/0001-95';
const email = 'maria.silva@example.com.br';
const phone = '+55 11 91234-5678';

test('every request is journaled with operation, validation result and status', async () => {
  m.mock.journal.clear();
  const logs = validCall(operation(m.mock, 'listWebhookLogs'));
  await client.call('GET', logs.url, { token });
  await client.call('POST', '/hb/webhook/retry', { token, body: {} }); // webhookLogId missing: invalid
  await client.call('GET', logs.url); // no token: refused
  await client.call('GET', '/no/such/path', { token });
  await client.call('GET', logs.url, { token, headers: { 'x-mock-fault': 'status=503' } });
  await expect(
    client.call('GET', logs.url, { token, headers: { 'x-mock-fault': 'drop' } }),
  ).rejects.toThrow();

  await expect.poll(() => m.mock.journal.entries().length).toBe(6); // the dropped one ends last
  const entries = m.mock.journal.entries();
  const summary = entries.map((e) => [e.operationId, e.validation.result, e.status]);
  expect(summary).toEqual([
    ['listWebhookLogs', 'passed', 200],
    ['retryWebhook', 'failed', 400],
    ['listWebhookLogs', 'not-checked', 401],
    [undefined, 'not-checked', 404],
    ['listWebhookLogs', 'not-checked', 503],
    ['listWebhookLogs', 'not-checked', 0],
  ]);
  const failed = entries[1] as JournalEntry;
  expect(failed.validation.details?.length).toBeGreaterThan(0);
  expect(JSON.stringify(failed.validation.details)).toContain('webhookLogId');
  expect(entries[0]).toMatchObject({ method: 'GET', url: logs.url, environment: 'sandbox' });
});

test("a fault keeps the client's x-request-id, in the answer and in the journal", async () => {
  m.mock.journal.clear();
  const logs = validCall(operation(m.mock, 'listWebhookLogs'));
  const requestId = 'client-run-42';
  const answer = await client.call('GET', logs.url, {
    token,
    headers: { 'x-request-id': requestId, 'x-mock-fault': 'status=503' },
  });
  expect(answer.status).toBe(503);
  expect(answer.headers['x-request-id']).toBe(requestId);
  await expect.poll(() => m.mock.journal.entries().length).toBe(1);
  expect(m.mock.journal.entries()[0]).toMatchObject({ requestId, status: 503 });
});

test('tokens and personal data are redacted, in the API and through the admin route', async () => {
  m.mock.journal.clear();
  const logs = validCall(operation(m.mock, 'listWebhookLogs'));
  const query = new URLSearchParams({ webhookId: 'wh-1', cpf, cnpj, email, phone }).toString();
  await client.call('GET', `/hb/webhook/logs?${query}`, {
    token,
    headers: { 'x-customer-email': email, 'x-cpf': cpf },
  });
  await client.call('GET', logs.url, { token: await m.token('production', { scopes: [] }) });

  const admin = await client.call('GET', '/__mock/journal', { token: await m.mock.adminToken() });
  expect(admin.status).toBe(200);
  const viaRoute = (admin.body as { entries: JournalEntry[] }).entries;
  expect(viaRoute).toEqual(JSON.parse(JSON.stringify(m.mock.journal.entries())));
  expect(viaRoute.length).toBe(2); // the admin route leaves itself out
  const text = JSON.stringify(viaRoute);
  for (const secret of [token, cpf, cnpj, email, phone, '12345678909', '91234-5678'])
    expect(text, secret).not.toContain(secret);
  expect(text).not.toMatch(/eyJ/);
  expect(viaRoute[0]?.headers.authorization).toBe('Bearer [redacted]');
  expect(viaRoute[0]?.url).toContain('[cpf]');
  expect(viaRoute[0]?.url).toContain('[cnpj]');
  expect(viaRoute[0]?.url).toContain('[email]');
  expect(viaRoute[0]?.url).toContain('[phone]');
  expect(viaRoute[0]?.headers['x-customer-email']).toBe('[email]');
  expect(viaRoute[1]).toMatchObject({ status: 403, validation: { result: 'not-checked' } });
});

test('an ordinary token cannot read the journal', async () => {
  const answer = await client.call('GET', '/__mock/journal', { token });
  expect(answer.status).toBe(403);
  expect(answer.body).toMatchObject({ code: 'FORBIDDEN' });
});
