// A body that stalls after its first bytes never outlives the call's deadline (issue 37, a regression since
// the second audit): over real mTLS, a server sends the status, headers and a few bytes of the body, then
// nothing, with every framing (Content-Length, chunked, until close), every way of reading the answer and
// both of undici's handler shapes; and an upload whose own stream stalls after its first bytes. Each call
// ends with a TimeoutError. A streamed body is read chunk by chunk, so a reader handed empty chunks forever
// (the microtask loop this test was written for, which starved every timer) fails instead of hanging.
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBankingClient, TimeoutError } from '../src/index.js';
import { makePki, type Pki, rejection, startServer, type TestServer } from './harness.js';

let pki: Pki;
let server: TestServer;
const tls = () => ({ cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert });
const TIMEOUT_MS = 300;

/** Head and first bytes of an answer, then silence, by framing (picked by the request's `webhookId`). */
const stalls: Record<string, (res: ServerResponse) => void> = {
  'content-length': (res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    res.write('[{"a"');
  },
  chunked: (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('[{"a"');
  },
  'until close': (res) => {
    res.socket?.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n[{"a"');
  },
  'an error answer': (res) => {
    res.writeHead(500, { 'content-type': 'application/json', 'content-length': '100' });
    res.write('{"status_code"');
  },
};

/** Reads a streamed body chunk by chunk; an endless run of empty chunks is a failure of its own. */
async function drain(body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  let empty = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    if (value.length === 0 && ++empty > 1000) {
      await reader.cancel();
      throw new Error('the body handed over 1000 empty chunks (a read loop that never yields to timers)');
    }
  }
}

const parseAsAll = ['json', 'text', 'blob', 'arrayBuffer', 'stream'] as const;

/** One call against the `framing` stall; what it ended with. */
async function stalledCall(framing: string, parseAs: (typeof parseAsAll)[number], ownPool: boolean) {
  const dispatcher = ownPool ? undefined : new Agent({ connect: tls() });
  const client = createBankingClient({
    baseUrl: server.url,
    token: 't',
    timeoutMs: TIMEOUT_MS,
    ...(dispatcher ? { dispatcher } : { tls: tls() }),
  });
  const outcome = client
    .GET('/hb/webhook/logs', { params: { query: { webhookId: framing } }, parseAs })
    .then(async ({ data }) => {
      if (parseAs === 'stream' && data) await drain(data as ReadableStream<Uint8Array>);
    });
  const error = await rejection(outcome);
  await client.close();
  await dispatcher?.close();
  return error;
}

beforeAll(async () => {
  pki = makePki();
  server = await startServer(pki);
  server.handle((req, res) =>
    stalls[new URL(req.url, server.url).searchParams.get('webhookId') ?? '']?.(res),
  );
});
afterAll(() => server.close());

describe('a body that stalls after its first bytes ends at the deadline', () => {
  it.each(Object.keys(stalls))(
    '%s: every parseAs, the client’s pool and a dispatcher passed in',
    async (framing) => {
      const cases = parseAsAll.flatMap((parseAs) => [true, false].map((own) => ({ parseAs, own })));
      const errors = await Promise.all(cases.map(({ parseAs, own }) => stalledCall(framing, parseAs, own)));
      for (const [i, error] of errors.entries()) {
        const { parseAs, own } = cases[i] as (typeof cases)[number];
        expect(error, `${parseAs}, ${own ? "the client's pool" : 'a dispatcher'}`).toBeInstanceOf(
          TimeoutError,
        );
      }
    },
  );

  it('an upload whose stream stalls after its first bytes', async () => {
    const client = createBankingClient({
      baseUrl: server.url,
      tls: tls(),
      token: 't',
      timeoutMs: TIMEOUT_MS,
    });
    const source = new Readable({ read() {} });
    source.push(`${'0'.repeat(240)}\r\n`); // and nothing more, ever
    const started = performance.now();
    const error = await rejection(client.uploadCnab240(source, { filename: 'remessa.rem' }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 10);
    source.destroy();
    await client.close();
  });
});
