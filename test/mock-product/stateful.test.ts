// The stateful sandbox over real mTLS: idempotent replay and its conflict, webhook tests and retries in
// the webhook logs, reset; and the default mock, which stays stateless.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Operation } from '@banking-api/contract';
import { requestMedia, resolveSchema } from '@banking-api/contract';
import { makeClientCert, pkiFiles, replayHeader, signToken } from '@banking-api/mock';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestMock, type TestMock } from '../support/mock-server.ts';
import { validRequest } from '../support/requests.ts';
import { type Caller, caller, operation, validCall } from './mtls.ts';

/** Operations with an idempotency identifier and a JSON example body, from the model. */
const idempotentOps = (m: TestMock) =>
  m.model.operations.filter((o) => o.idempotency && requestMedia(o)?.mediaType === 'application/json');

/** `op`'s valid call with the idempotency identifier set to `id`. */
function withId(op: Operation, id: string) {
  const { params, body } = validRequest(op);
  const path = { ...params.path, [op.idempotency?.parameter ?? '']: id };
  const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(path[name] ?? ''));
  return { ...validCall(op), url, body };
}

/** An idempotent operation whose example body has a free-text field to change. */
function changeableOp(m: TestMock): Operation {
  const op = idempotentOps(m).find((o) => {
    try {
      return changed(o, validRequest(o).body) !== undefined;
    } catch {
      return false;
    }
  });
  if (!op) throw new Error('the model has no idempotent operation with a changeable JSON body');
  return op;
}

/** The same body with a free-text field changed (no pattern, format or enum): another valid body. */
function changed(op: Operation, body: unknown): unknown {
  const schema = resolveSchema(requestMedia(op)?.schema) as {
    properties?: Record<string, Record<string, unknown>>;
  };
  const copy = structuredClone(body) as Record<string, unknown>;
  const free = (k: string) => {
    const field = resolveSchema(schema.properties?.[k]) ?? {};
    return typeof copy[k] === 'string' && !field.pattern && !field.format && !field.enum && !field.const;
  };
  const key = Object.keys(copy).find(free);
  if (!key) throw new Error(`${op.operationId}: no free-text field to change in ${JSON.stringify(body)}`);
  copy[key] = `${copy[key]}-x`;
  return copy;
}

describe('stateful sandbox (--stateful)', () => {
  let m: TestMock;
  let client: Caller;
  let token: string;
  beforeAll(async () => {
    m = await startTestMock({ stateful: true });
    client = caller(m.mock);
    token = await m.token();
  });
  afterAll(async () => {
    await client?.close();
    await m?.stop();
  });

  test('the same idempotency identifier and body replays the first answer', async () => {
    const ops = idempotentOps(m);
    expect(ops.length).toBeGreaterThan(0);
    for (const op of ops) {
      const call = withId(op, `idem-${op.operationId}`);
      const first = await client.call(call.method, call.url, {
        token,
        body: call.body,
        headers: call.headers,
      });
      expect(first.status, `${op.operationId} ${JSON.stringify(first.body)}`).toBeLessThan(300);
      const again = await client.call(call.method, call.url, {
        token,
        body: call.body,
        headers: call.headers,
      });
      expect(again.status, op.operationId).toBe(first.status);
      expect(again.body, op.operationId).toEqual(first.body);
      expect(again.headers[replayHeader], op.operationId).toBe('true');
    }
  });

  test('the same identifier with another body is a 409 IDEMPOTENCY_CONFLICT in the error envelope', async () => {
    const op = changeableOp(m);
    const call = withId(op, 'idem-conflict');
    const first = await client.call(call.method, call.url, { token, body: call.body, headers: call.headers });
    expect(first.status).toBeLessThan(300);
    const other = changed(op, call.body);
    const conflict = await client.call(call.method, call.url, { token, body: other, headers: call.headers });
    expect(conflict.status).toBe(409);
    const path = call.url.split('?')[0];
    expect(conflict.body).toMatchObject({
      status_code: 409,
      code: 'IDEMPOTENCY_CONFLICT',
      path,
      details: [],
    });
    expect(String((conflict.body as { message: string }).message)).toContain('idem-conflict');
  });

  test('webhook tests and their retries show up in the webhook logs; reset forgets them', async () => {
    const tryCall = validCall(operation(m.mock, 'tryWebhook'));
    const webhookId = 'wh-stateful';
    const url = `${tryCall.url.split('?')[0]}?webhookId=${webhookId}`;
    const tried = await client.call('POST', url, {
      token,
      body: { hello: 'world' },
      headers: tryCall.headers,
    });
    expect(tried.status).toBe(201);

    const logsUrl = `/hb/webhook/logs?webhookId=${webhookId}`;
    const logs = await client.call('GET', logsUrl, { token });
    const [log] = (logs.body as { data: { id: string; payload: unknown; attempts: unknown[] }[] }).data;
    expect(log).toMatchObject({ webhookId, payload: { hello: 'world' }, attempts: [{ kind: 'test' }] });

    const retried = await client.call('POST', '/hb/webhook/retry', {
      token,
      body: { webhookLogId: log?.id },
    });
    expect(retried.body).toEqual({ retry: { id: log?.id, status: 'QUEUED' } });
    const after = await client.call('GET', logsUrl, { token });
    const attempts = (after.body as { data: { attempts: { kind: string }[] }[] }).data[0]?.attempts;
    expect(attempts?.map((a) => a.kind)).toEqual(['test', 'retry']);

    const unknown = await client.call('POST', '/hb/webhook/retry', {
      token,
      body: { webhookLogId: 'no-such-log' },
    });
    expect(unknown.body).toMatchObject({ status_code: 404, code: 'NOT_FOUND' });

    m.mock.reset();
    const reset = await client.call('GET', logsUrl, { token });
    expect((reset.body as { data: unknown[] }).data).toEqual([]);
  });

  test('reset through the admin route forgets remembered answers; an ordinary token cannot reach it', async () => {
    const op = changeableOp(m);
    const call = withId(op, 'idem-reset');
    await client.call(call.method, call.url, { token, body: call.body, headers: call.headers });
    expect((await client.call('POST', '/__mock/reset', { token })).status).toBe(403);
    const admin = await client.call('POST', '/__mock/reset', { token: await m.mock.adminToken() });
    expect(admin.status).toBe(204);
    const other = changed(op, call.body);
    const fresh = await client.call(call.method, call.url, { token, body: other, headers: call.headers });
    expect(fresh.status).toBeLessThan(300);
    expect(fresh.headers[replayHeader]).toBeUndefined();
  });
});

describe('idempotency per environment, account and client (--stateful)', () => {
  let m: TestMock;
  let client: Caller;
  beforeAll(async () => {
    m = await startTestMock({ stateful: true });
    client = caller(m.mock);
  });
  afterAll(async () => {
    await client?.close();
    await m?.stop();
  });

  /** An idempotent operation that takes the account header and a JSON body with a free-text field. */
  const accountOp = () => {
    const op = idempotentOps(m).find((o) => o.accountHeader && changedOrNot(o));
    if (!op) throw new Error('the model has no idempotent account-scoped operation with a changeable body');
    return op;
  };
  const changedOrNot = (o: Operation) => {
    try {
      return changed(o, validRequest(o).body) !== undefined;
    } catch {
      return false;
    }
  };

  test("another account's use of an identifier is neither replayed nor refused with a 409", async () => {
    const op = accountOp();
    const token = await m.token();
    const call = withId(op, 'idem-accounts');
    const as = (account: string, body: unknown) =>
      client.call(call.method, call.url, {
        token,
        body,
        headers: { ...call.headers, 'x-account-id': account },
      });
    const first = await as('acc-a', call.body);
    expect(first.status).toBeLessThan(300);
    const sameBodyOtherAccount = await as('acc-b', call.body);
    expect(sameBodyOtherAccount.status).toBeLessThan(300);
    expect(sameBodyOtherAccount.headers[replayHeader]).toBeUndefined();
    const otherBodyThirdAccount = await as('acc-c', changed(op, call.body));
    expect(otherBodyThirdAccount.status, JSON.stringify(otherBodyThirdAccount.body)).toBeLessThan(300);
    expect(otherBodyThirdAccount.headers[replayHeader]).toBeUndefined();
    // The account that used it first still gets its replay, and its conflict.
    expect((await as('acc-a', call.body)).headers[replayHeader]).toBe('true');
    expect((await as('acc-a', changed(op, call.body))).status).toBe(409);
  });

  test('another client of the same account (its own certificate, or its own token subject) is not replayed either', async () => {
    const op = accountOp();
    const call = withId(op, 'idem-clients');
    const send = async (dispatcher: Agent, token: string) => {
      const answer = await request(`${m.url}${call.url}`, {
        dispatcher,
        method: call.method as 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...call.headers },
        body: JSON.stringify(call.body),
      });
      await answer.body.dump();
      return { status: answer.statusCode, replayed: answer.headers[replayHeader] };
    };
    const pkiDir = m.mock.pki.dir;
    const ca = {
      cert: readFileSync(join(pkiDir, pkiFiles.ca('sandbox')), 'utf8'),
      key: readFileSync(join(pkiDir, pkiFiles.caKey('sandbox')), 'utf8'),
    };
    const ours = new Agent({ connect: { ca: m.mock.ca, ...m.mock.clients.sandbox } });
    const theirs = new Agent({ connect: { ca: m.mock.ca, ...makeClientCert(ca, 'other-team') } });
    try {
      const token = await m.token();
      const subject = await signToken(m.mock.pki.jwt.privateKey, {
        env: 'sandbox',
        scopes: [],
        subject: 'other-team',
      });
      expect(await send(ours, token)).toMatchObject({ replayed: undefined });
      expect(await send(ours, token)).toMatchObject({ replayed: 'true' });
      expect(await send(theirs, token)).toMatchObject({ replayed: undefined });
      const otherSubject = await send(ours, subject);
      expect(otherSubject.status).toBeLessThan(300);
      expect(otherSubject.replayed).toBeUndefined();
    } finally {
      await ours.close();
      await theirs.close();
    }
  });
});

describe('without --stateful', () => {
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

  test('the mock stays stateless: no replay, no conflict, logs as the example', async () => {
    const token = await m.token();
    const op = changeableOp(m);
    const call = withId(op, 'idem-stateless');
    await client.call(call.method, call.url, { token, body: call.body, headers: call.headers });
    const other = changed(op, call.body);
    const again = await client.call(call.method, call.url, { token, body: other, headers: call.headers });
    expect(again.status).toBeLessThan(300);
    expect(again.headers[replayHeader]).toBeUndefined();
    const tryCall = validCall(operation(m.mock, 'tryWebhook'));
    await client.call('POST', tryCall.url, { token, body: { a: 1 }, headers: tryCall.headers });
    const example = operation(m.mock, 'listWebhookLogs').responses.find((r) => r.status === '200')?.content[0]
      ?.examples[0]?.value;
    const logs = await client.call('GET', validCall(operation(m.mock, 'listWebhookLogs')).url, { token });
    expect(logs.body).toEqual(example);
  });
});
