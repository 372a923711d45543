// Requests undici will not write — a header value with a control character or past U+00FF, a header name
// with a space, a header undici owns, a body that does not match its content-length — come back at once
// as UnsendableRequest (nothing reaches the server), and the client stays usable: undici 7 used to count
// its pool's connection busy for good after each refusal, so after a few every request waited in its queue
// for ever (the hang of a verify run on a contract whose example header held a newline). A path with a
// control character is refused too (URL parsing would drop it: the request sent would not be the one
// reported); one with a space or a character past ASCII goes out percent-encoded; a socket reset before any byte is a
// ConnectionError. A fast-check property sends hostile header names, values and path segments: every send
// settles with an answer or one of the two typed errors, bounded by the client's own timeouts.
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import {
  ConnectionError,
  type Credential,
  createClient,
  type Probe,
  UnsendableRequest,
} from '@banking-api/conformance';
import { makeCa, makeClientCert, makeServerCert } from '@banking-api/mock';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withinDeadline } from '../src/send/within-deadline.ts';

const ca = makeCa('Unsendable CA');
const client = makeClientCert(ca, 'unsendable-client');
const seen: string[] = [];
const stops: (() => Promise<void>)[] = [];
let target: string;

async function listening(server: ReturnType<typeof createTlsServer>): Promise<string> {
  stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const server = createHttpsServer(
    { ...makeServerCert(ca, ['127.0.0.1']), ca: ca.cert, requestCert: true },
    (req, res) => {
      seen.push(req.url ?? '');
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    },
  );
  target = await listening(server);
});
afterAll(async () => {
  for (const stop of stops) await stop();
});

/** A client of `url` with short time-outs: every send below is bounded by them, not by the test. */
const clientOf = (url: string) =>
  createClient({ target: url, tls: { ca: ca.cert, ...client }, tokens: { token: 't' }, timeoutMs: 2000 });

const probe = (over: Partial<Probe> = {}): Probe => ({
  method: 'GET',
  path: '/x',
  headers: {},
  credential: 'token' as Credential,
  ...over,
});

const refused: [string, Partial<Probe>][] = [
  ['a header value with \\n', { headers: { 'x-trace': 'a\nb' } }],
  ['a header value with \\r\\n and a forged header', { headers: { 'x-trace': 'a\r\nx-admin: 1' } }],
  ['a header value with \\u0000', { headers: { 'x-trace': 'a\u0000b' } }],
  ['a header value past Latin-1 (€)', { headers: { 'x-trace': 'a€b' } }],
  ['a header value with a lone surrogate', { headers: { 'x-trace': '\ud800' } }],
  ['a header name with a space', { headers: { 'x trace': 'v' } }],
  ['an empty header name', { headers: { '': 'v' } }],
  ['a header name past ASCII', { headers: { 'x-tracé': 'v' } }],
  ['transfer-encoding set by the request', { headers: { 'Transfer-Encoding': 'chunked' } }],
  ['an upgrade header', { headers: { upgrade: 'websocket' } }],
  ['an expect header', { headers: { expect: '100-continue' } }],
  ['a content-length that is not a number', { headers: { 'content-length': 'ten' } }],
  [
    'a content-length that does not match the body',
    {
      method: 'POST',
      headers: { 'content-length': '3' },
      body: { contentType: 'text/plain', text: 'abcdef' },
    },
  ],
  ['a method that is not a token', { method: 'GE T' }],
  ['a path that does not start with /', { path: 'x' }],
  ['a path that names another host', { path: '@evil.example/x' }],
  ['a path with a line break (URL would drop it)', { path: '/a\nb' }],
  ['a path ending in a control character (URL would drop it)', { path: '/x\u0001' }],
];

describe('a request undici will not write', () => {
  it.each(refused)('%s: UnsendableRequest, nothing sent', async (_, over) => {
    const engine = clientOf(target);
    const before = seen.length;
    try {
      const outcome = await engine.send(probe(over)).catch((error: unknown) => error);
      expect(outcome).toBeInstanceOf(UnsendableRequest);
      const { reason } = outcome as UnsendableRequest;
      expect([...reason].filter((c) => c < ' ' || c > '~')).toEqual([]); // quotes no value: one plain line
      expect(seen.length).toBe(before);
    } finally {
      await engine.close();
    }
  });

  it('leaves the client usable: after more refusals than it has connections, a request is answered', async () => {
    const engine = clientOf(target);
    try {
      for (let i = 0; i < 3; i++)
        await Promise.all(
          refused.map(([, over]) => engine.send(probe(over)).catch((error: unknown) => error)),
        );
      const answers = await Promise.all(Array.from({ length: 10 }, () => engine.send(probe())));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    } finally {
      await engine.close();
    }
  });

  it.each([
    ['a space', '/x y', '/x%20y'],
    ['a character past ASCII', '/x\u00ff', '/x%C3%BF'],
  ])('a path with %s goes out percent-encoded', async (_, path, sent) => {
    const engine = clientOf(target);
    try {
      expect((await engine.send(probe({ path }))).status).toBe(200);
      expect(seen.at(-1)).toBe(sent);
    } finally {
      await engine.close();
    }
  });

  it('a socket the server resets before any byte is a ConnectionError', async () => {
    const server = createTlsServer({}, () => {});
    server.on('connection', (socket) => socket.destroy());
    const engine = clientOf(await listening(server));
    try {
      expect(await engine.send(probe()).catch((error: unknown) => error)).toBeInstanceOf(ConnectionError);
    } finally {
      await engine.close();
    }
  });
});

describe('the engine’s own deadline', () => {
  it('ends a wait that never settles with what `late` gives', async () => {
    const never = new Promise<string>(() => {});
    await expect(withinDeadline(never, 10, () => 'late')).resolves.toBe('late');
    await expect(
      withinDeadline(never, 10, () => {
        throw new Error('too late');
      }),
    ).rejects.toThrow('too late');
  });
});

/** Header names and values, path segments: any character, HTTP's specials and controls more often. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom('\r', '\n', '\u0000', ' ', '\t', ':', '/', '%', '€', 'ÿ', '\ud800', 'a'),
    maxLength: 8,
  }),
);

describe('hostile header names, values and path segments (fast-check)', () => {
  it('every send settles: an answer, UnsendableRequest or ConnectionError, never another throw', async () => {
    const engine = clientOf(target);
    const kinds = { answer: 0, unsendable: 0 };
    // Each part plain or hostile, so that requests that go out and requests refused are both many.
    const part = (plain: string) => fc.oneof(fc.constant(plain), hostileText);
    try {
      await fc.assert(
        fc.asyncProperty(part('x-trace'), part('v'), part('s'), async (name, value, segment) => {
          const headers = { [name]: value, 'x-value': value };
          const outcome = await engine
            .send(probe({ path: `/x/${segment}`, headers }))
            .catch((error: unknown) => error);
          if (outcome instanceof UnsendableRequest) kinds.unsendable += 1;
          else if (typeof outcome === 'object' && outcome !== null && 'status' in outcome) kinds.answer += 1;
          else expect(outcome).toBeInstanceOf(ConnectionError);
        }),
        { numRuns: 200, seed: 20261128 },
      );
      // Both sides were exercised, and the client still answers after all of it.
      expect(kinds.answer).toBeGreaterThan(10);
      expect(kinds.unsendable).toBeGreaterThan(10);
      expect((await engine.send(probe())).status).toBe(200);
    } finally {
      await engine.close();
    }
  }, 120_000);
});
