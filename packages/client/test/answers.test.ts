// Answers read the same through both of undici's handler shapes: the client's own pool (undici 7's v1
// shape, headers kept raw until read) and a dispatcher passed in (the v2 shape, headers parsed by undici):
// headers (repeated, mixed case, Set-Cookie), a buffered body, and a streamed body of many chunks, which
// pauses and resumes the connection as it is read.
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBankingClient } from '../src/index.js';
import { makePki, type Pki, startServer, type TestServer } from './harness.js';

let pki: Pki;
let server: TestServer;
const tls = () => ({ cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert });
const query = { params: { query: { webhookId: 'w-1' } } };
const big = Buffer.alloc(3 * 1024 * 1024, 0x61); // many TLS records: the stream fills and drains

beforeAll(async () => {
  pki = makePki();
  server = await startServer(pki);
  server.handle((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Set-Cookie', ['a=1', 'b=2']);
    res.setHeader('X-Trace', ['one', 'two']);
    if (req.url.includes('big')) {
      res.end(big);
      return;
    }
    res.end(JSON.stringify({ ok: true }));
  });
});
afterAll(() => server.close());

type Made = { client: ReturnType<typeof createBankingClient>; agent?: Agent };
const clients: Record<string, () => Made> = {
  'the client’s own pool': () => ({
    client: createBankingClient({ baseUrl: server.url, token: 't', tls: tls() }),
  }),
  'a dispatcher passed in': () => {
    const agent = new Agent({ connect: tls() });
    return { client: createBankingClient({ baseUrl: server.url, token: 't', dispatcher: agent }), agent };
  },
};

describe.each(Object.entries(clients))('answers through %s', (_name, make) => {
  it('has every header, repeats joined (Set-Cookie apart), names in any case', async () => {
    const { client, agent } = make();
    const { data, response } = await client.GET('/hb/webhook/logs', query);
    expect(data).toEqual({ ok: true });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('X-TRACE')).toBe('one, two');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(response.headers.has('content-length')).toBe(true);
    expect([...response.headers.keys()]).toEqual(expect.arrayContaining(['set-cookie', 'x-trace', 'date']));
    await client.close();
    await agent?.close();
  });

  it('streams a body of many chunks to its end, read slowly', async () => {
    const { client, agent } = make();
    const { data } = await client.GET('/hb/webhook/logs', {
      params: { query: { webhookId: 'big' } },
      parseAs: 'stream',
    });
    const reader = (data as ReadableStream<Uint8Array>).getReader();
    let size = 0;
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (++chunks % 8 === 0) await new Promise((resolve) => setTimeout(resolve, 1)); // a slow reader
    }
    expect(size).toBe(big.length);
    expect(chunks).toBeGreaterThan(8);
    await client.close();
    await agent?.close();
  });
});
