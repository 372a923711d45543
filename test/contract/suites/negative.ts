// Requests the contract (or the mock's documented choices) reject: each answer is the error envelope
// with the real path and time; invalid requests get 400 VALIDATION_ERROR with the real violations.
import { connect as tlsConnect } from 'node:tls';
import type { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeCa, makeClientCert } from '../../../packages/mock/src/pki.ts';
import type { TestMock } from '../../support/mock-server.ts';
import { accountId, bankingClient, raw, rawAgent, TransportError } from '../helpers/clients.ts';
import { jsonBodySchema, validRequest, wrongTypeFor } from '../helpers/requests.ts';
import { sharedMock } from '../helpers/shared.ts';
import type { Operation, Spec } from '../helpers/spec.ts';

let mock: TestMock;
let spec: Spec;
let agent: Agent;
let token: string;
let client: ReturnType<typeof bankingClient>;

export function negativeSuite(): void {
  beforeAll(async () => {
    ({ mock, spec } = await sharedMock());
    agent = rawAgent(mock);
    token = await mock.token();
    client = bankingClient(mock, token);
  });
  afterAll(async () => {
    await client?.close();
    await agent?.close();
  });

  const op = (id: string): Operation => {
    const found = spec.operations.find((o) => o.operationId === id);
    if (!found) throw new Error(`${id} is not in the spec`);
    return found;
  };

  /** The answer is the contract's error envelope for `status`, about `path`, made just now. */
  function expectEnvelope(answer: { status: number; body: unknown }, status: number, path: string) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(spec.validateEnvelope(answer.body)).toEqual([]);
    const body = answer.body as { status_code: number; path: string; timestamp: string; code: string };
    expect(body.status_code).toBe(status);
    expect(body.path).toBe(path);
    expect(Math.abs(Date.parse(body.timestamp) - Date.now())).toBeLessThan(60_000);
    return body as typeof body & { details: { field?: string; location: string }[]; message: string };
  }

  function expectValidationError(answer: { status: number; body: unknown }, path: string, field?: string) {
    const body = expectEnvelope(answer, 400, path);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details.length).toBeGreaterThan(0);
    if (field) expect(body.details.map((d) => d.field)).toContain(field);
  }

  // biome-ignore lint/suspicious/noExplicitAny: operations are called generically from the spec
  const call = (o: Operation, init: object): Promise<any> => (client as any)[o.method](o.template, init);
  const pathOf = (url: string) => url.split('?')[0] ?? url;
  const allOps = () => spec.operations;
  const jsonBodyOps = () => allOps().filter((o) => jsonBodySchema(o, spec));

  describe('invalid requests: 400 VALIDATION_ERROR with the real violations', () => {
    test('a missing required body field, for every operation that has one', async () => {
      let checked = 0;
      for (const o of jsonBodyOps()) {
        const schema = jsonBodySchema(o, spec);
        for (const field of schema?.required ?? []) {
          const { params, url, body } = validRequest(o, spec);
          const broken = { ...(body as object) } as Record<string, unknown>;
          delete broken[field];
          const { error, response } = await call(o, { params, body: broken });
          expectValidationError({ status: response.status, body: error }, pathOf(url), field);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(10);
    });

    test('a wrong type, for every operation with a typed JSON body', async () => {
      // tryWebhook's body is free-form JSON (no type): nothing can be of the wrong type there.
      const typed = jsonBodyOps().filter((o) => jsonBodySchema(o, spec)?.type);
      expect(typed.length).toBe(jsonBodyOps().length - 1);
      for (const o of typed) {
        const schema = jsonBodySchema(o, spec);
        const { params, url, body } = validRequest(o, spec);
        const [name, property] = Object.entries(schema?.properties ?? {})[0] ?? [];
        const broken = name
          ? { ...(body as object), [name]: wrongTypeFor(spec.deref(property)) }
          : wrongTypeFor(schema);
        const { error, response } = await call(o, { params, body: broken });
        expectValidationError({ status: response.status, body: error }, pathOf(url), name);
      }
    });

    test('no body where one is required', async () => {
      for (const o of jsonBodyOps().filter((x) => x.body?.required)) {
        const { url } = validRequest(o, spec);
        const headers = { authorization: `Bearer ${token}`, 'x-account-id': accountId };
        expectValidationError(await raw(agent, mock.url + url, { method: o.method, headers }), pathOf(url));
      }
    });

    test('malformed JSON', async () => {
      const o = op('createCard');
      const headers = {
        authorization: `Bearer ${token}`,
        'x-account-id': accountId,
        'content-type': 'application/json',
      };
      const answer = await raw(agent, `${mock.url}${o.template}`, {
        method: 'POST',
        headers,
        body: '{"alias":',
      });
      expectValidationError(answer, o.template);
    });

    test('a CNAB upload without the file field', async () => {
      const o = op('uploadCnab240File');
      const form = new FormData();
      form.append('other', new Blob(['x']), 'x.rem');
      const { error, response } = await call(o, { body: {}, bodySerializer: () => form });
      expectValidationError({ status: response.status, body: error }, o.template, 'file');
    });

    test('a path parameter breaking its pattern (cardProxy must start with CRD-)', async () => {
      const o = op('requestCardSecondCopy');
      const { error, response } = await call(o, { params: { path: { cardProxy: 'XYZ-1' } }, body: {} });
      expectValidationError({ status: response.status, body: error }, '/hb/cards/XYZ-1/second');
    });

    test('missing x-account-id on every account-scoped operation (the client refuses, so raw)', async () => {
      const scoped = allOps().filter((o) => o.accountScoped);
      expect(scoped).toHaveLength(10);
      for (const o of scoped) {
        const { url, body } = validRequest(o, spec);
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const answer = await raw(agent, mock.url + url, {
          method: o.method,
          headers,
          body: JSON.stringify(body),
        });
        expectValidationError(answer, pathOf(url), 'x-account-id');
      }
    });

    test('a picked 400 example (Prefer: code=400) gets the real path and time', async () => {
      const o = op('sendTed');
      const { params, url, body } = validRequest(o, spec);
      const { error, response } = await call(o, { params, body, headers: { prefer: 'code=400' } });
      expect((error as { code: string }).code).toBe('VALIDATION_ERROR');
      expectEnvelope({ status: response.status, body: error }, 400, pathOf(url));
    });
  });

  describe('authentication (the mock’s choices: 401 for the token, 403 for scope and environment)', () => {
    const headersFor = (o: Operation) => ({
      'x-account-id': accountId,
      'content-type': o.body?.mediaType ?? 'application/json',
    });

    test('no token: 401 on every operation', async () => {
      for (const o of allOps()) {
        const { url, body } = validRequest(o, spec);
        const answer = await raw(agent, mock.url + url, {
          method: o.method,
          headers: headersFor(o),
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        expect(expectEnvelope(answer, 401, pathOf(url)).code).toBe('UNAUTHORIZED');
        expect(answer.headers['www-authenticate']).toBe('Bearer');
      }
    });

    test('a token of the other environment: 403 on every operation', async () => {
      const other = bankingClient(mock, await mock.token('production'));
      try {
        for (const o of allOps()) {
          const { params, url, body } = validRequest(o, spec);
          // biome-ignore lint/suspicious/noExplicitAny: operations are called generically from the spec
          const { error, response } = await (other as any)[o.method](o.template, { params, body });
          const envelope = expectEnvelope({ status: response.status, body: error }, 403, pathOf(url));
          expect(envelope.message).toMatch(/production.*sandbox/);
        }
      } finally {
        await other.close();
      }
    });

    test('a production certificate with a production token is accepted', async () => {
      const prod = bankingClient(mock, await mock.token('production'), { env: 'production' });
      try {
        const { response } = await prod.GET('/hb/webhook/logs', { params: { query: { webhookId: 'wh-1' } } });
        expect(response.status).toBe(200);
      } finally {
        await prod.close();
      }
    });

    test('expired, forged and garbage tokens: 401', async () => {
      const expired = await mock.token('sandbox', { ttlSeconds: -60 });
      const [header] = token.split('.');
      const forged = `${header}.${Buffer.from(JSON.stringify({ env: 'sandbox', scope: 'webhook.read', exp: 4e9, iss: 'banking-api-mock' })).toString('base64url')}.${token.split('.')[2]}`;
      for (const bad of [expired, forged, 'not-a-jwt']) {
        const answer = await raw(agent, `${mock.url}/hb/webhook/logs`, {
          method: 'GET',
          headers: { authorization: `Bearer ${bad}` },
        });
        const envelope = expectEnvelope(answer, 401, '/hb/webhook/logs');
        if (bad === expired) expect(envelope.message).toMatch(/expired/);
      }
    });

    test('webhook scopes: tryWebhook needs webhook.write, listWebhookLogs webhook.read (403)', async () => {
      const readOnly = bankingClient(mock, await mock.token('sandbox', { scopes: ['webhook.read'] }));
      const writeOnly = bankingClient(mock, await mock.token('sandbox', { scopes: ['webhook.write'] }));
      try {
        const query = { webhookId: 'wh-1' };
        const tried = await readOnly.POST('/hb/webhook/try', {
          params: { query },
          body: { ping: true },
        } as never);
        expect(
          expectEnvelope({ status: tried.response.status, body: tried.error }, 403, '/hb/webhook/try')
            .message,
        ).toMatch(/webhook\.write/);
        const listed = await writeOnly.GET('/hb/webhook/logs', { params: { query } });
        expect(
          expectEnvelope({ status: listed.response.status, body: listed.error }, 403, '/hb/webhook/logs')
            .message,
        ).toMatch(/webhook\.read/);
        expect((await readOnly.GET('/hb/webhook/logs', { params: { query } })).response.status).toBe(200);
        const ok = await writeOnly.POST('/hb/webhook/try', {
          params: { query },
          body: { ping: true },
        } as never);
        expect(ok.response.status).toBe(201);
        // Operations whose scopes the contract does not state need none.
        expect(
          (
            await readOnly.PUT('/ar/boletos/payments/{id}/confirm', {
              params: { path: { id: 'p-1' } },
              body: { paymentId: 'pay-1' },
            } as never)
          ).response.status,
        ).toBe(200);
      } finally {
        await readOnly.close();
        await writeOnly.close();
      }
    });
  });

  describe('client certificates: refused in the TLS handshake, a typed transport error in the client', () => {
    const expectTlsFailure = async (cert: { cert: string; key: string } | null) => {
      const c = bankingClient(mock, token, { cert });
      try {
        const failure = await c.GET('/hb/webhook/logs', { params: { query: { webhookId: 'w' } } }).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(failure).toBeInstanceOf(TransportError);
        expect((failure as InstanceType<typeof TransportError>).kind).toBe('tls-handshake');
      } finally {
        await c.close();
      }
    };

    test('no client certificate', () => expectTlsFailure(null));

    test('a certificate from an unknown CA', () => {
      const stranger = makeCa('Some other CA');
      return expectTlsFailure(makeClientCert(stranger, 'stranger'));
    });

    test('the gateway still serves after refused handshakes', async () => {
      const { response } = await client.GET('/hb/webhook/logs', { params: { query: { webhookId: 'w' } } });
      expect(response.status).toBe(200);
    });

    test('a resumed TLS session keeps the environment of its certificate', async () => {
      const production = await mock.token('production');
      const first = await getOverTls(production);
      expect(first.status).toMatch(/^HTTP\/1\.1 200/);
      const second = await getOverTls(production, first.session);
      expect(second.resumed).toBe(true);
      expect(second.status).toMatch(/^HTTP\/1\.1 200/);
    });
  });
}

/** One GET /hb/webhook/logs over a fresh TLS connection with the production certificate. */
function getOverTls(token: string, session?: Buffer) {
  const { cert, key } = mock.mock.pki.clients.production;
  const { port } = new URL(mock.url);
  return new Promise<{ status: string; resumed: boolean; session: Buffer | undefined }>((resolve, reject) => {
    let ticket: Buffer | undefined;
    let resumed = false;
    let answer = '';
    const socket = tlsConnect({
      host: '127.0.0.1',
      port: Number(port),
      cert,
      key,
      ca: mock.mock.pki.serverCa,
      servername: 'localhost',
      session,
    });
    socket.on('session', (s: Buffer) => {
      ticket = s;
    });
    socket.once('secureConnect', () => {
      resumed = socket.isSessionReused();
      socket.write(
        `GET /hb/webhook/logs?webhookId=w HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
      );
    });
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    socket.once('error', reject);
    socket.once('close', () => resolve({ status: answer.split('\r\n')[0] ?? '', resumed, session: ticket }));
  });
}
