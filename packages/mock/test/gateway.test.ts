// The gateway alone, with a stand-in for Prism: one request's fault stays that request's, and every
// limit lets go of a slow or greedy client in time (small limits here, so the tests are quick).
import { mkdtemp, rm } from 'node:fs/promises';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TLSSocket, connect as tlsConnect } from 'node:tls';
import { contractModel } from '@banking-api/contract';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Limits } from '../src/api/limits.ts';
import { chainFeatures } from '../src/features/feature.ts';
import { type Gateway, startGateway } from '../src/gateway/gateway.ts';
import { type DevPki, ensureDevPki } from '../src/pki/dev-pki.ts';
import { signToken } from '../src/pki/tokens.ts';
import type { PrismEngine } from '../src/prism/engine.ts';
import { storesOf } from '../src/session/stores.ts';

let work: string;
let pki: DevPki;
let gateway: Gateway;
let token: string;
const logged: string[] = [];
const limits: Partial<Limits> = {
  handshakeTimeoutMs: 400,
  headersTimeoutMs: 400,
  bodyTimeoutMs: 400,
  keepAliveTimeoutMs: 400,
  maxHeaderBytes: 2048,
  maxBodyBytes: 4096,
  maxConnections: 20,
  clockSkewSeconds: 30,
};

/** Stands in for Prism: fails on /boom, answers /slow after a while, everything else at once. */
const engine: PrismEngine = {
  ready: async () => {},
  answerKey: () => undefined,
  async handle(req) {
    if (req.path === '/boom') throw new Error('boom');
    if (req.path === '/slow') await new Promise((r) => setTimeout(r, 300));
    return {
      result: {
        kind: 'response',
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: { path: req.path },
      },
      violations: [],
    };
  },
};

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'banking-gateway-'));
  pki = await ensureDevPki(join(work, 'pki'));
  gateway = await startGateway({
    pki,
    engine,
    model: contractModel(),
    mode: 'mock',
    limits,
    log: (line) => logged.push(line),
  });
  token = await signToken(pki.jwt.privateKey, { env: 'sandbox', scopes: ['webhook.read', 'webhook.write'] });
});
afterAll(async () => {
  await gateway?.close();
  await rm(work, { recursive: true, force: true });
});

const port = () => gateway.port;

/** A mutually authenticated TLS connection, once the handshake is done. */
function tls(): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({
      host: '127.0.0.1',
      port: port(),
      ...pki.clients.sandbox,
      ca: pki.serverCa,
      servername: 'localhost',
    });
    socket.once('secureConnect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends until it closes the connection, and how long that took. */
function untilClosed(socket: TLSSocket | import('node:net').Socket): Promise<{ text: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.once('close', () => resolve({ text, ms: Date.now() - started }));
  });
}

const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

test('a fault while handling one request answers it alone with a 500 envelope, logged with its request id', async () => {
  const agent = new Agent({ connect: { ...pki.clients.sandbox, ca: pki.serverCa }, connections: 10 }); // under the cap
  const call = (path: string, id: string) =>
    request(`${gateway.url}${path}`, {
      dispatcher: agent,
      headers: { authorization: `Bearer ${token}`, 'x-request-id': id },
    });
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) => call(i % 3 === 0 ? '/boom' : '/slow', `req-${i}`)),
  );
  for (const [i, res] of answers.entries()) {
    const body = (await res.body.json()) as { status_code: number; code: string; message: string };
    expect(res.headers['x-request-id']).toBe(`req-${i}`);
    if (i % 3 !== 0) {
      expect(res.statusCode).toBe(200);
      continue;
    }
    expect(res.statusCode).toBe(500);
    expect(body).toMatchObject({ status_code: 500, code: 'INTERNAL_ERROR' });
    expect(body.message).toContain(`req-${i}`);
    expect(logged.some((line) => line.includes(`req-${i}`) && line.includes('boom'))).toBe(true);
  }
  const generated = await request(`${gateway.url}/slow`, {
    dispatcher: agent,
    headers: { authorization: `Bearer ${token}`, 'x-request-id': 'bad id\u00e9' },
  });
  await generated.body.dump();
  expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/); // not the client's: a new one
  await agent.close();
});

test('a client that connects and never starts the TLS handshake is dropped', async () => {
  const socket = tcpConnect(port(), '127.0.0.1');
  const { ms } = await untilClosed(socket);
  expect(ms).toBeLessThan(2_000);
});

test('headers that never end: 408 envelope, connection closed', async () => {
  const socket = await tls();
  socket.write('GET /hb/webhook/logs HTTP/1.1\r\nHost: x\r\n');
  const { text, ms } = await untilClosed(socket);
  expect(text).toMatch(/^HTTP\/1\.1 408 /);
  expect(bodyOf(text)).toMatchObject({ status_code: 408, code: 'REQUEST_TIMEOUT' });
  expect(ms).toBeLessThan(3_000);
});

test('a body shorter than its Content-Length: 408 envelope, connection closed', async () => {
  const socket = await tls();
  socket.write(
    `POST /slow HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a"`,
  );
  const { text, ms } = await untilClosed(socket);
  expect(text).toMatch(/^HTTP\/1\.1 408 /);
  expect(bodyOf(text)).toMatchObject({ status_code: 408, code: 'REQUEST_TIMEOUT', path: '/slow' });
  expect(ms).toBeLessThan(3_000);
});

test('a body over the size limit: 413 envelope', async () => {
  const socket = await tls();
  const big = 'x'.repeat(5000);
  socket.write(
    `POST /slow HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: text/plain\r\nContent-Length: ${big.length}\r\n\r\n${big}`,
  );
  const { text } = await untilClosed(socket);
  expect(text).toMatch(/^HTTP\/1\.1 413 /);
  expect(bodyOf(text)).toMatchObject({ status_code: 413, code: 'PAYLOAD_TOO_LARGE' });
});

test('an idle keep-alive connection is closed', async () => {
  const socket = await tls();
  socket.write(`GET /slow HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  const { text, ms } = await untilClosed(socket);
  expect(text).toMatch(/^HTTP\/1\.1 200 /);
  expect(ms).toBeLessThan(2_500); // 300 ms of work, then the 400 ms keep-alive timeout
});

test('headers over the size limit: 431 envelope', async () => {
  const socket = await tls();
  socket.write(`GET /slow HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(4000)}\r\n\r\n`);
  const { text } = await untilClosed(socket);
  expect(text).toMatch(/^HTTP\/1\.1 431 /);
  expect(bodyOf(text)).toMatchObject({ status_code: 431, code: 'REQUEST_HEADER_FIELDS_TOO_LARGE' });
});

test('connections over the cap are closed at once; the others are served', async () => {
  const held = await Promise.all(Array.from({ length: 20 }, () => tcpConnect(port(), '127.0.0.1')));
  await new Promise((r) => setTimeout(r, 100));
  const extra = tcpConnect(port(), '127.0.0.1');
  const { ms } = await untilClosed(extra);
  expect(ms).toBeLessThan(300); // not the 400 ms handshake timer: refused on accept
  for (const socket of held) socket.destroy();
  await new Promise((r) => setTimeout(r, 100));
  const agent = new Agent({ connect: { ...pki.clients.sandbox, ca: pki.serverCa } });
  const res = await request(`${gateway.url}/slow`, {
    dispatcher: agent,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  await res.body.dump();
  await agent.close();
});

test('a token issued in the future beyond the clock skew: 401; within it: accepted', async () => {
  const agent = new Agent({ connect: { ...pki.clients.sandbox, ca: pki.serverCa } });
  const now = Math.floor(Date.now() / 1000);
  const statusWith = async (issuedAt: number) => {
    const jwt = await signToken(pki.jwt.privateKey, { env: 'sandbox', scopes: ['webhook.read'], issuedAt });
    const res = await request(`${gateway.url}/hb/webhook/logs?webhookId=w`, {
      dispatcher: agent,
      headers: { authorization: `Bearer ${jwt}` },
    });
    const body = (await res.body.json()) as { code?: string };
    return [res.statusCode, body.code];
  };
  expect(await statusWith(now + 3600)).toEqual([401, 'UNAUTHORIZED']);
  expect(await statusWith(now + 120)).toEqual([401, 'UNAUTHORIZED']); // skew 30 s
  expect((await statusWith(now + 10))[0]).toBe(200);
  await agent.close();
});

test('features: `admitted` may answer after routing and admission; `served` hears every status', async () => {
  const heard: [string, string | undefined, number][] = [];
  const bodies: string[] = [];
  const features = chainFeatures([
    {
      admitted: async ({ request, body }) => {
        if (request.target.path === '/hooked')
          return { answer: { status: 202, headers: { 'content-type': 'text/plain' }, body: 'hook' } };
        const read = await body(); // read once: Prism still gets the same body below
        bodies.push(read.ok ? read.body.toString() : `refused ${read.status}`);
        return undefined;
      },
      served: (served) =>
        heard.push([served.target.path, served.match?.operation.operationId, served.status]),
    },
  ]);
  const { sessions } = storesOf({}, contractModel());
  const hooked = await startGateway({
    pki,
    engine,
    model: contractModel(),
    mode: 'mock',
    mock: { sessions, features, admin: async () => ({ status: 500, headers: {} }) },
  });
  const agent = new Agent({ connect: { ...pki.clients.sandbox, ca: pki.serverCa } });
  try {
    const call = async (path: string, auth = true) => {
      const headers = {
        'content-type': 'application/json',
        ...(auth ? { authorization: `Bearer ${token}` } : {}),
      };
      const res = await request(`${hooked.url}${path}`, {
        method: 'POST',
        dispatcher: agent,
        headers,
        body: '{}',
      });
      return [res.statusCode, await res.body.text()];
    };
    expect(await call('/hooked')).toEqual([202, 'hook']);
    expect(await call('/hooked', false)).toEqual([401, expect.stringContaining('UNAUTHORIZED')]); // admission first
    expect(await call('/hb/webhook/%74ry')).toEqual([200, expect.any(String)]);
    expect(heard).toEqual([
      ['/hooked', undefined, 202],
      ['/hooked', undefined, 401], // refused ones too: the journal records them
      ['/hb/webhook/try', 'tryWebhook', 200],
    ]);
    expect(bodies).toEqual(['{}']);
  } finally {
    await agent.close();
    await hooked.close();
  }
});
