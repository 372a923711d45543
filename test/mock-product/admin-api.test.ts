// The admin route's own OpenAPI document (packages/mock/admin-openapi.yaml, shipped in the package) says
// what the route does: it lints clean under Redocly's recommended rules, every operation it lists is served,
// and every answer of a session's life (open, stub, fault, journal, reset, close, the refusals) conforms to
// the response the document gives for its status.
import { type ContractModel, fillPath, responseFor } from '@banking-api/contract';
import { violationLines } from '@banking-api/contract/validators';
import { adminOpenapiPath } from '@banking-api/mock/admin';
import { createConfig, lint } from '@redocly/openapi-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadContract } from '../../model/load.ts';
import { startTestMock, type TestMock } from '../support/mock-server.ts';
import { type Caller, caller } from './mtls.ts';

const documentPath = adminOpenapiPath;
let admin: ContractModel;
let m: TestMock;
let client: Caller;
let token: string;

beforeAll(async () => {
  admin = (await loadContract(documentPath)).model;
  m = await startTestMock({ stateful: true });
  client = caller(m.mock);
  token = await m.mock.adminToken();
});
afterAll(async () => {
  await client?.close();
  await m?.stop();
});

test("the document lints clean under Redocly's recommended rules", async () => {
  const problems = await lint({
    ref: documentPath,
    config: await createConfig({ extends: ['recommended'] }),
  });
  expect(problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
});

/** Calls an admin operation and checks the answer against the document's response for its status. */
async function conforming(
  operationId: string,
  options: { path?: Record<string, string>; query?: string; body?: unknown; session?: string } = {},
) {
  const op = admin.operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no admin operation ${operationId}`);
  const url = `${fillPath(op.path, options.path ?? {})}${options.query ? `?${options.query}` : ''}`;
  const headers: Record<string, string> = options.session ? { 'x-mock-session': options.session } : {};
  const answer = await client.call(op.method, url, { token, body: options.body, headers });
  const response = responseFor(op, answer.status);
  expect(
    response,
    `${operationId} answered ${answer.status}, which the document does not give`,
  ).toBeDefined();
  const schema = response?.content[0]?.schema;
  if (schema) expect(violationLines(schema, answer.body), `${operationId} → ${answer.status}`).toEqual([]);
  else expect(answer.body, `${operationId} → ${answer.status} has no body`).toBe('');
  return answer;
}

test("a session's life, and the refusals, conform to the document", async () => {
  const opened = await conforming('openSession', { body: { idleTimeoutSeconds: 60, stateful: false } });
  expect(opened.status).toBe(201);
  const session = (opened.body as { session: { id: string } }).session.id;
  await conforming('listSessions');
  const stub = { operationId: 'createCard', answer: { status: 422 }, times: 3 };
  const added = await conforming('addStub', { session, body: stub });
  expect(added.status).toBe(201);
  expect(
    (await conforming('addStub', { session, body: { operationId: 'createCard', answer: { status: 201 } } }))
      .status,
  ).toBe(400);
  await conforming('listStubs', { session });
  await conforming('setFault', { session, path: { operationId: 'listWebhookLogs' }, body: { latencyMs: 1 } });
  expect(
    (await conforming('setFault', { session, path: { operationId: 'nope' }, body: { latencyMs: 1 } })).status,
  ).toBe(400);
  await conforming('listFaults', { session });
  await client.call('POST', '/hb/cards/create', {
    token: await m.token(),
    body: {},
    headers: { 'x-mock-session': session },
  });
  const journal = await conforming('readJournal', { session, query: 'status=4xx&limit=5' });
  expect((journal.body as { entries: unknown[] }).entries.length).toBeGreaterThan(0);
  expect((await conforming('readJournal', { session, query: 'nope=1' })).status).toBe(400);
  await conforming('clearFault', { session, path: { operationId: 'listWebhookLogs' } });
  await conforming('clearFaults', { session });
  const stubId = (added.body as { stub: { id: string } }).stub.id;
  await conforming('removeStub', { session, path: { id: stubId } });
  expect((await conforming('removeStub', { session, path: { id: stubId } })).status).toBe(404);
  await conforming('clearStubs', { session });
  await conforming('clearJournal', { session });
  await conforming('resetSession', { session });
  await conforming('readUsage');
  await conforming('closeSession', { path: { id: session } });
  expect((await conforming('closeSession', { path: { id: session } })).status).toBe(404);
});

test('every operation of the document is served: none answers the route-not-found 404', async () => {
  for (const op of admin.operations) {
    const url = fillPath(op.path, { id: 'x', operationId: 'createCard' });
    const answer = await client.call(op.method, url, { token, body: op.requestBody ? {} : undefined });
    expect(JSON.stringify(answer.body), `${op.method} ${op.path}`).not.toContain('No admin route');
  }
});
