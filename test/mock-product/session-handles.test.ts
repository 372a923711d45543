// The session handle, in-process and through the admin client, when it is misused: used after close (or
// after a timeout), closed twice, asked about an operation the contract does not have, fed by a client
// without the session's header; the admin client against a server that is not the mock; the admin route's
// bodies within the mock's limits; a reset that keeps the faults the mock started with.
import { once } from 'node:events';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  connectMock,
  MockAdminError,
  MockExpectationError,
  type MockSession,
  MockSessionClosedError,
  openMockSession,
} from '@banking-api/mock/admin';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestMock, type TestMock, testPki } from '../support/mock-server.ts';
import { type Caller, caller, operation, validCall } from './mtls.ts';

let m: TestMock;
let client: Caller;
let token: string;
beforeAll(async () => {
  m = await startTestMock({ faults: { listWebhookLogs: { status: 503 } }, limits: { maxBodyBytes: 2048 } });
  client = caller(m.mock);
  token = await m.token();
});
afterAll(async () => {
  await client?.close();
  await m?.stop();
});

function call(operationId: string, session?: MockSession) {
  const { method, url, body, headers } = validCall(operation(m.mock, operationId));
  return client.call(method, url, { token, body, headers: { ...headers, ...session?.headers } });
}

describe.each([
  ['in-process', (options = {}) => m.mock.openSession(options)],
  ['through the admin route', async (options = {}) => openMockSession(await m.mock.connection(), options)],
] as const)('a session handle, %s', (_, open) => {
  test('used after close it says the session is closed; closing again is no error', async () => {
    const session = await open();
    await session.close();
    await expect(session.stubs.list()).rejects.toBeInstanceOf(MockSessionClosedError);
    await expect(session.close()).resolves.toBeUndefined();
  });

  test('a session that timed out: its handle says it is closed, and close() is no error', async () => {
    const session = await open({ idleTimeoutSeconds: 1 });
    await new Promise((r) => setTimeout(r, 1100));
    await expect(session.journal.entries()).rejects.toBeInstanceOf(MockSessionClosedError);
    await expect(session.close()).resolves.toBeUndefined();
  });

  test('expectCalled names an operation the contract does not have, and the one meant', async () => {
    const session = await open();
    try {
      await expect(session.journal.expectCalled('createCards')).rejects.toThrow(
        /no operation createCards \(did you mean createCard\?\)/,
      );
      await expect(session.journal.entries({ since: 'yesterday' })).rejects.toThrow(/since and until/);
    } finally {
      await session.close();
    }
  });

  test('expectCalled refuses a misspelt option, which read as absent would pass any calls; a fault names the operation meant', async () => {
    const session = await open();
    try {
      const misspelt = { times: 1, where: { bdy: { typeCard: 'Physical' } } } as never;
      await expect(session.journal.expectCalled('createCard', misspelt)).rejects.toThrow(
        /where\.bdy is not one of body, query, headers \(did you mean body\?\)/,
      );
      await expect(session.journal.expectCalled('createCard', { time: 5 } as never)).rejects.toThrow(
        /time is not one of .*\(did you mean times\?\)/,
      );
      await expect(session.faults.set('listWebhookLog', { status: 503 })).rejects.toThrow(
        /no operation listWebhookLog \(did you mean listWebhookLogs\?\)/,
      );
    } finally {
      await session.close();
    }
  });

  test('mints tokens with fewer scopes, another environment or an expiry past, which the mock holds to', async () => {
    const session = await open();
    try {
      const read = await session.token({ scopes: ['webhook.read'] });
      const status = async (operationId: string, jwt: string) => {
        const { method, url, body, headers } = validCall(operation(m.mock, operationId));
        return (
          await client.call(method, url, { token: jwt, body, headers: { ...headers, ...session.headers } })
        ).status;
      };
      expect(await status('listWebhookLogs', read)).toBe(200);
      expect(await status('tryWebhook', read)).toBe(403); // webhook.write is not in it
      expect(await status('tryWebhook', await session.token())).toBeLessThan(300); // every scope by default
      expect(await status('listWebhookLogs', await session.token({ scopes: [] }))).toBe(403);
      expect(await status('listWebhookLogs', await session.token({ ttlSeconds: -60 }))).toBe(401);
      expect(await status('listWebhookLogs', await session.token({ env: 'production' }))).toBe(403);
      await expect(session.token({ scopes: ['two words'] })).rejects.toThrow(/scopes is a list/);
      await expect(session.token({ scope: ['x'] } as never)).rejects.toThrow(/did you mean scopes\?/);
    } finally {
      await session.close();
    }
  });

  test("when the calls went to the default session, expectCalled says so: the client lacks the session's header", async () => {
    const session = await open();
    try {
      await call('createCard'); // no session header
      const error = await session.journal
        .expectCalled('createCard', { within: 200 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MockExpectationError);
      expect((error as Error).message).toMatch(/reached the default session instead.*session\.middleware/s);
    } finally {
      await session.close();
    }
  });
});

test("GET /__mock/sessions shows the caller's own session and a count, never another's id", async () => {
  const [a, b] = await Promise.all([m.mock.openSession(), m.mock.openSession()]);
  try {
    const listed = await client.call('GET', '/__mock/sessions', {
      token: await m.mock.adminToken(),
      headers: a.headers,
    });
    const ids = (listed.body as { sessions: { id: string }[] }).sessions.map((s) => s.id);
    expect(ids).toEqual(['default', a.id]);
    expect((listed.body as { open: number }).open).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(listed.body)).not.toContain(b.id);
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

test('a reset keeps the faults the mock started with', async () => {
  expect((await call('listWebhookLogs')).status).toBe(503);
  m.mock.reset();
  expect((await call('listWebhookLogs')).status).toBe(503);
});

test("the admin route reads bodies within the mock's limits: too large is 413, not a session opened", async () => {
  const answer = await client.call('POST', '/__mock/sessions', {
    token: await m.mock.adminToken(),
    body: { stateful: true, padding: 'x'.repeat(5000) },
  });
  expect(answer.status).toBe(413);
  expect(answer.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
});

describe('the admin client against a server that is not the mock', () => {
  let url: string;
  let connection: { url: string; ca: string; cert: string; key: string; adminToken: string };
  const server = createServer();
  beforeAll(async () => {
    const pki = await testPki();
    server.setSecureContext({ ...pki.server });
    server.on('request', (req, res) => {
      if (req.url?.includes('hang')) return; // never answers
      if (req.url?.includes('huge')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(1 << 20, 0x20);
        const more = () => {
          while (res.write(chunk));
          res.once('drain', more);
        };
        return more();
      }
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad Gateway</html>');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    connection = { url, ca: pki.serverCa, ...pki.clients.sandbox, adminToken: 'not-a-mock-token' };
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  test('each failure is a MockAdminError that says what happened, within the deadline', async () => {
    const admin = connectMock(connection, { timeoutMs: 400 });
    try {
      const html = await admin
        .session('x')
        .stubs.list()
        .catch((e: unknown) => e);
      expect(html).toBeInstanceOf(MockAdminError);
      expect((html as MockAdminError).message).toMatch(/not JSON: is https:\/\/127\.0\.0\.1:\d+ the mock\?/);
      const hang = await connectMock({ ...connection, url: `${url}/hang` }, { timeoutMs: 400 })
        .usage()
        .catch((e: unknown) => e);
      expect(hang).toBeInstanceOf(MockAdminError);
      expect((hang as MockAdminError).status).toBe(0);
      const huge = await connectMock({ ...connection, url: `${url}/huge` }, { timeoutMs: 5000 })
        .usage()
        .catch((e: unknown) => e);
      expect((huge as MockAdminError).message).toMatch(/more than 16777216 bytes/);
    } finally {
      await admin.close();
    }
  }, 30_000);

  test('a connection lacking a field is refused at once, naming it', () => {
    expect(() => connectMock({ ...connection, cert: '' })).toThrow(
      /lacks cert: give what mock.connection\(\) returns/,
    );
  });
});
