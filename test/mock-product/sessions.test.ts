// Sessions and stubs over real mutual TLS: two sessions of one mock do not see each other's stubs, faults
// or journal; a stub answers only valid requests, as often as it says, matched on what it names; a stub the
// contract forbids is refused with every violation; the same handle works in-process and through the admin
// route (`@banking-api/mock/admin`); sessions are bounded and time out.
import { errorEnvelope } from '@banking-api/contract';
import { conforms } from '@banking-api/contract/validators';
import {
  MockExpectationError,
  type MockSession,
  openMockSession,
  StubRefusedError,
  sessionHeader,
} from '@banking-api/mock';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestMock, type TestMock } from '../support/mock-server.ts';
import { type Caller, caller, operation, validCall } from './mtls.ts';

let m: TestMock;
let client: Caller;
let token: string;
beforeAll(async () => {
  m = await startTestMock({ faults: true, sessionLimits: { maxSessions: 4 } });
  client = caller(m.mock);
  token = await m.token();
});
afterAll(async () => {
  await client?.close();
  await m?.stop();
});

/** A valid call of an operation, in a session (none: the default one). */
function call(operationId: string, session?: MockSession, headers: Record<string, string> = {}) {
  const { method, url, body, headers: own } = validCall(operation(m.mock, operationId));
  return client.call(method, url, { token, body, headers: { ...own, ...session?.headers, ...headers } });
}

describe.each([
  ['in-process', () => m.mock.openSession()],
  ['through the admin route', async () => openMockSession(await m.mock.connection())],
])('two sessions, %s', (_, open) => {
  test('each sees its own stubs, faults and journal, and the default session neither', async () => {
    const [a, b] = await Promise.all([open(), open()]);
    try {
      await a.stubs.add({ operationId: 'createCard', answer: { status: 422 } });
      await b.faults.set('createCard', { status: 503 });
      expect((await call('createCard', a)).status).toBe(422);
      expect((await call('createCard', b)).status).toBe(503);
      expect((await call('createCard')).status).toBe(200);
      await a.journal.expectCalled('createCard', { times: 1, status: 422 });
      await b.journal.expectCalled('createCard', { times: 1, status: 503 });
      expect((await a.journal.entries()).map((e) => e.answeredBy)).toEqual(['stub']);
      expect((await b.journal.entries()).map((e) => e.answeredBy)).toEqual(['fault']);
      await a.reset();
      expect(await a.stubs.list()).toEqual([]);
      expect(await a.journal.entries()).toEqual([]);
      expect((await call('createCard', a)).status).toBe(200);
      expect(await b.faults.list()).toMatchObject({ createCard: { status: 503 } });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  test('a closed session is refused, with the reason', async () => {
    const session = await open();
    await session.close();
    const answer = await call('createCard', session);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'UNKNOWN_MOCK_SESSION', details: [{ field: sessionHeader }] });
  });
});

describe('stubs', () => {
  let s: MockSession;
  beforeAll(async () => {
    s = await m.mock.openSession();
  });
  afterAll(() => s.close());

  test('a stub answers valid requests only, `times` times, then the example again', async () => {
    const card = {
      card: { cardProxy: 'CRD-stubbed', alias: 'Stub', status: 'ACTIVE', typeCard: 'Physical' },
    };
    const stub = await s.stubs.add({
      operationId: 'createCard',
      answer: { status: 200, body: card },
      times: 2,
    });
    const invalid = await client.call('POST', '/hb/cards/create', {
      token,
      body: { alias: 1 },
      headers: { 'x-account-id': 'acc-1', ...s.headers },
    });
    expect(invalid.status).toBe(400);
    expect((await call('createCard', s)).body).toEqual(card);
    expect((await call('createCard', s)).body).toEqual(card);
    expect((await call('createCard', s)).body).not.toEqual(card);
    expect(await s.stubs.list()).toEqual([]);
    const entries = await s.journal.entries({ operationId: 'createCard' });
    expect(entries.map((e) => [e.status, e.answeredBy, e.stubId])).toEqual([
      [400, 'prism', undefined],
      [200, 'stub', stub.id],
      [200, 'stub', stub.id],
      [200, 'example', undefined],
    ]);
  });

  test('a stub matches on path and query parameters, headers and body fields; the newest matching one answers', async () => {
    await s.stubs.clear();
    await s.stubs.add({
      operationId: 'createCard',
      when: { body: { typeCard: 'Virtual' } },
      answer: { status: 409 },
    });
    await s.stubs.add({
      operationId: 'createCard',
      when: { headers: { 'X-Account-Id': 'acc-2' } },
      answer: { status: 403 },
    });
    await s.stubs.add({
      operationId: 'listWebhookLogs',
      when: { query: { webhookId: 'wh-9' } },
      answer: { status: 404 },
    });
    expect((await call('createCard', s)).status).toBe(409); // the example sends typeCard Virtual
    expect((await call('createCard', s, { 'x-account-id': 'acc-2' })).status).toBe(403);
    expect((await call('listWebhookLogs', s)).status).toBe(200); // wh-1
    const logs = await client.call('GET', '/hb/webhook/logs?webhookId=wh-9', { token, headers: s.headers });
    expect(logs.status).toBe(404);
    const refund = operation(m.mock, 'refundPix');
    await s.stubs.add({ operationId: 'refundPix', when: { path: { id: 'r-1' } }, answer: { status: 500 } });
    const path = validCall(refund).url.replace(/\/refund\/[^/?]+/, '/refund/r-1');
    const refused = await client.call('PUT', path, {
      token,
      body: validCall(refund).body,
      headers: s.headers,
    });
    expect(refused.status).toBe(500);
  });

  test('an error status without a body answers the error envelope, as the contract documents it', async () => {
    await s.stubs.clear();
    await s.stubs.add({ operationId: 'createCard', answer: { status: 422 } });
    const answer = await call('createCard', s);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      status_code: 422,
      code: 'UNPROCESSABLE_ENTITY',
      path: '/hb/cards/create',
    });
    expect(conforms(errorEnvelope(m.model), answer.body)).toBe(true);
  });

  test('a bodyless 400 stub answers what the contract documents for 400, as Prefer: code=400 does', async () => {
    await s.stubs.clear();
    const preferred = await call('createCard', s, { prefer: 'code=400' });
    await s.stubs.add({ operationId: 'createCard', answer: { status: 400 } });
    const stubbed = await call('createCard', s);
    expect(stubbed.status).toBe(400);
    const pick = (body: unknown) => {
      const { status_code, code, message, path } = body as Record<string, unknown>;
      return { status_code, code, message, path };
    };
    expect(pick(stubbed.body)).toEqual(pick(preferred.body));
    expect(stubbed.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ code: 'simulated' }] });
    expect(conforms(errorEnvelope(m.model), stubbed.body)).toBe(true);
  });

  test("the contract's echo rules hold for stubbed bodies: a refund's id is its path's", async () => {
    await s.stubs.clear();
    const refund = operation(m.mock, 'refundPix');
    const example = await call('refundPix', s);
    const body = structuredClone(example.body) as { refund: { id: string; status: string; amount: number } };
    body.refund.id = 'not-the-path-id';
    await s.stubs.add({ operationId: 'refundPix', answer: { status: 200, body } });
    const { url } = validCall(refund);
    const answer = await call('refundPix', s);
    expect((answer.body as typeof body).refund.id).toBe(decodeURIComponent(url.split('/').at(-1) ?? ''));
  });

  test('a stub the contract forbids is refused with every violation', async () => {
    const refused = async (stub: unknown) => {
      const error = await s.stubs.add(stub as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StubRefusedError);
      return (error as StubRefusedError).violations.map((v) => v.at);
    };
    expect(await refused({ operationId: 'noSuchOperation', answer: { status: 200 } })).toEqual([
      '/operationId',
    ]);
    expect(await refused({ operationId: 'createCard', answer: { status: 201 } })).toEqual(['/answer/status']);
    expect(
      await refused({ operationId: 'createCard', answer: { status: 200, body: { card: { alias: 1 } } } }),
    ).toEqual(expect.arrayContaining(['/answer/body/card', '/answer/body/card/alias']));
    const envelope = {
      status_code: 500,
      code: 'X',
      message: 'x',
      timestamp: '2026-11-26T10:00:00.000Z',
      path: '/',
      details: [],
    };
    expect(await refused({ operationId: 'createCard', answer: { status: 422, body: envelope } })).toEqual([
      '/answer/body/status_code',
    ]);
    expect(
      await refused({
        operationId: 'createCard',
        when: { path: { id: 'x' }, body: { typeCar: 'Virtual' } },
        answer: { status: 200, headers: { 'content-length': '1' } },
      }),
    ).toEqual(['/answer/headers/content-length', '/when/path/id', '/when/body/typeCar']);
    expect(await refused({ operationId: 'createCard', answer: { status: 200 }, times: 0 })).toEqual([
      '/times',
    ]);
    expect(await refused('not a stub')).toEqual(['']);
  });

  test('a stub is read strictly: unknown fields, statuses no answer may have, headers HTTP or the contract forbid, matches that never match', async () => {
    const refused = async (stub: unknown) => {
      const error = await s.stubs.add(stub as never).catch((e: unknown) => e);
      expect(error, JSON.stringify(stub)).toBeInstanceOf(StubRefusedError);
      return (error as StubRefusedError).violations;
    };
    const typo = await refused({ operationId: 'createCard', time: 1, answer: { status: 422 } });
    expect(typo).toEqual([{ at: '/time', message: expect.stringContaining('did you mean times?') }]);
    expect(
      (await refused({ operationId: 'createCard', when: { bdy: {} }, answer: { status: 422 } }))[0]?.at,
    ).toBe('/when/bdy');
    for (const status of [100, 101, 199, 302, 304])
      expect((await refused({ operationId: 'createCard', answer: { status } }))[0]?.at).toBe(
        '/answer/status',
      );
    for (const headers of [
      { 'x-weird': '\u0001' },
      { 'x-euro': '€' },
      { 'set-cookie': 'a=b' },
      { location: 'https://evil.example/' },
    ])
      expect((await refused({ operationId: 'createCard', answer: { status: 503, headers } }))[0]?.at).toMatch(
        /^\/answer\/headers\//,
      );
    const never = await refused({
      operationId: 'createCard',
      when: { body: { programId: '1', typeCard: 'virtual' } },
      answer: { status: 422 },
    });
    expect(never.map((v) => v.at)).toEqual(['/when/body/programId', '/when/body/typeCard']);
    const big = {
      operationId: 'createCard',
      when: { body: { alias: Array.from({ length: 300 }, () => 'x') } },
      answer: { status: 422 },
    };
    expect((await refused(big)).map((v) => v.message)).toContain('may hold at most 256 values');
    const retry = await s.stubs.add({
      operationId: 'createCard',
      answer: { status: 503, headers: { 'Retry-After': '7' } },
    });
    expect((await call('createCard', s)).headers['retry-after']).toBe('7');
    await s.stubs.remove(retry.id);
  });

  test('a listing masks the secret values a stub matches on', async () => {
    const stub = await s.stubs.add({
      operationId: 'createCard',
      when: { headers: { authorization: 'Bearer abc.def.ghi' } },
      answer: { status: 422 },
    });
    expect(JSON.stringify(await s.stubs.list())).not.toContain('abc.def.ghi');
    await s.stubs.remove(stub.id);
  });

  test('in a stateful session, a stub wins over the sandbox', async () => {
    const stateful = await m.mock.openSession({ stateful: true });
    try {
      const body = { status_code: 200, success: true, message: 'STUBBED', data: [] } as const;
      await stateful.stubs.add({ operationId: 'listWebhookLogs', answer: { status: 200, body } });
      expect((await call('listWebhookLogs', stateful)).body).toEqual(body);
      await stateful.journal.expectCalled('listWebhookLogs', { times: 1 });
      expect((await stateful.journal.entries()).map((e) => e.answeredBy)).toEqual(['stub']);
    } finally {
      await stateful.close();
    }
  });

  test('the admin route refuses a stub the same way, as a 400 envelope naming each violation', async () => {
    const admin = await m.mock.adminToken();
    const answer = await client.call('POST', '/__mock/stubs', {
      token: admin,
      body: { operationId: 'createCard', answer: { status: 201 } },
      headers: s.headers,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ location: 'body', field: '/answer/status', code: 'stub_refused' }],
    });
  });
});

describe('the journal', () => {
  test('filters by operation, status and time, refuses an unknown filter, keeps the answer redacted', async () => {
    const s = await m.mock.openSession();
    try {
      const cpf = '123.456.789-09';
      const envelope = {
        status_code: 409,
        code: 'DUPLICATE',
        message: `CPF ${cpf} is taken`,
        timestamp: '2026-11-26T10:00:00.000Z',
        path: '/',
        details: [],
      };
      await s.stubs.add({ operationId: 'createCard', answer: { status: 409, body: envelope } });
      const before = Date.now();
      await call('createCard', s);
      await call('listWebhookLogs', s);
      await s.journal.expectCalled('listWebhookLogs');
      expect((await s.journal.entries({ status: '4xx' })).map((e) => e.operationId)).toEqual(['createCard']);
      expect((await s.journal.entries({ operationId: 'listWebhookLogs' })).map((e) => e.status)).toEqual([
        200,
      ]);
      expect(await s.journal.entries({ since: before + 60_000 })).toEqual([]);
      expect(await s.journal.entries({ limit: 1 })).toHaveLength(1);
      const [stubbed] = await s.journal.entries({ operationId: 'createCard' });
      expect(stubbed?.response.status).toBe(409);
      expect(stubbed?.response.body).toContain('[cpf]');
      expect(JSON.stringify(stubbed)).not.toContain(cpf);
      const unknown = await client.call('GET', '/__mock/journal?operation=createCard', {
        token: await m.mock.adminToken(),
        headers: s.headers,
      });
      expect(unknown.status).toBe(400);
      expect(JSON.stringify(unknown.body)).toContain('unknown filter operation');
    } finally {
      await s.close();
    }
  });

  test('expectCalled says what was called instead', async () => {
    const s = await m.mock.openSession();
    try {
      await call('createCard', s);
      await s.journal.expectCalled('createCard', { where: { body: { typeCard: 'Virtual' } } });
      const error = await s.journal
        .expectCalled('createCard', { times: 2, within: 100 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MockExpectationError);
      expect((error as Error).message).toMatch(
        /expected createCard to be called 2 time\(s\); 1 call\(s\) matched/,
      );
      expect((error as Error).message).toContain('POST /hb/cards/create → 200');
    } finally {
      await s.close();
    }
  });
});

describe('bounds', () => {
  test('no more sessions than the limit: 429 through the admin route, an error in-process', async () => {
    const open = await Promise.all(Array.from({ length: 4 }, () => m.mock.openSession()));
    try {
      await expect(m.mock.openSession()).rejects.toThrow(/4 sessions are open/);
      const answer = await client.call('POST', '/__mock/sessions', { token: await m.mock.adminToken() });
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({ code: 'TOO_MANY_MOCK_SESSIONS' });
    } finally {
      await Promise.all(open.map((s) => s.close()));
    }
  });

  test('a session idle past its timeout is closed', async () => {
    const s = await m.mock.openSession({ idleTimeoutSeconds: 1 });
    expect((await call('createCard', s)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await call('createCard', s)).status).toBe(400);
  });

  test("a session's stubs are bounded", async () => {
    const s = await m.mock.openSession();
    try {
      for (let i = 0; i < 100; i++) await s.stubs.add({ operationId: 'createCard', answer: { status: 500 } });
      const error = await s.stubs.add({ operationId: 'createCard', answer: { status: 500 } }).catch((e) => e);
      expect((error as StubRefusedError).violations[0]?.message).toMatch(/holds 100 stubs/);
    } finally {
      await s.close();
    }
  });
});
