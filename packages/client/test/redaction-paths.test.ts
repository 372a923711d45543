// Property test: corpus values (CPF, CNPJ, phones, e-mails, JWTs, Bearer tokens, in every format) put
// where a caller or a server would put them never come out of the client: not in hook records (URL,
// headers), not in any thrown error (message, fields, `JSON.stringify`, `util.inspect`, `cause` chain).
import { createServer } from 'node:net';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AttemptEndInfo, type AttemptInfo, createBankingClient, TlsError } from '../src/index.js';
import { corpusItem, leaksIn } from './corpus.js';
import { json, makePki, type Pki, rejection, startServer, type TestServer } from './harness.js';

let pki: Pki;
let server: TestServer;
let closedPort: number;
const tls = () => ({ cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert });

/** Everything that can be printed about a value, its `cause` chain included. */
function printable(value: unknown): string {
  const out: string[] = [];
  for (let v = value, depth = 0; v !== undefined && v !== null && depth < 6; depth++) {
    out.push(inspect(v, { depth: 10, showHidden: true }), JSON.stringify(v) ?? '', String(v));
    if (v instanceof Error) out.push(v.stack ?? '', v.message);
    v = (v as { cause?: unknown }).cause;
  }
  return out.join('\n');
}

beforeAll(async () => {
  pki = makePki();
  server = await startServer(pki);
  // The server misbehaves as asked, echoing what it got (its own output is not ours to redact).
  server.handle((req, res) => {
    const mode = req.headers['x-mode'];
    if (mode === 'invalid') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(`{ not json: ${decodeURIComponent(req.url)} ${req.headers['x-note']}`);
    }
    if (mode === 'oversize') return json(res, 200, { echo: req.url, pad: ' '.repeat(4096) });
    return json(res, 200, {});
  });
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => server.close());

describe('no corpus value leaves the client', () => {
  it('hook records and every thrown error, for values in the path, the query, headers and token errors', async () => {
    const records: (AttemptInfo | AttemptEndInfo)[] = [];
    let current = '';
    const options = {
      tls: tls(),
      secretHeaders: ['x-partner-secret'],
      maxResponseBytes: 1024,
      retry: false as const,
      hooks: {
        onAttemptStart: (info: AttemptInfo) => records.push(info),
        onAttemptEnd: (info: AttemptEndInfo) => records.push(info),
      },
    };
    const client = createBankingClient({ ...options, baseUrl: server.url, token: async () => 'jwt' });
    const refused = createBankingClient({
      ...options,
      baseUrl: `https://127.0.0.1:${closedPort}`,
      token: 't',
    });
    const badToken = createBankingClient({
      ...options,
      baseUrl: server.url,
      token: async () => {
        throw new Error(`login refused for ${current}; last token ${current}`);
      },
    });
    const call = (api: typeof client, value: string, mode: string) =>
      api.GET('/ar/notifications/webhook/{type}', {
        params: { path: { type: value } },
        headers: { 'x-mode': mode, 'x-note': value, 'x-api-key': value, 'x-partner-secret': value },
      });

    await fc.assert(
      fc.asyncProperty(corpusItem, async (value) => {
        current = value;
        records.length = 0;
        const outputs: unknown[] = [
          await call(client, value, 'ok').then((r) => r.error),
          await rejection(call(client, value, 'invalid')),
          await rejection(call(client, value, 'oversize')),
          await rejection(call(refused, value, 'ok')),
          await rejection(call(badToken, value, 'ok')),
        ];
        expect(records.length).toBeGreaterThanOrEqual(8);
        expect(leaksIn(printable([outputs, records]), [value])).toEqual([]);
        for (const output of outputs.slice(1)) expect(leaksIn(printable(output), [value])).toEqual([]);
      }),
      { numRuns: 40 },
    );
    await Promise.all([client.close(), refused.close(), badToken.close()]);
  });

  it('a TLS failure whose certificate subject holds a CNPJ and an e-mail', async () => {
    const { makeClientCert } = await import('@banking-api/mock');
    const subject = 'ACME LTDA:11222333000181 joao.silva@example.com';
    const expired = makeClientCert(pki.ca, subject, {
      notBefore: new Date(Date.now() - 30 * 86_400_000),
      notAfter: new Date(Date.now() - 86_400_000),
    });
    const client = createBankingClient({
      baseUrl: server.url,
      tls: { cert: expired.cert, key: expired.key, ca: pki.ca.cert },
      token: 't',
    });
    const error = await rejection(client.GET('/hb/webhook/logs', { params: { query: { webhookId: 'w' } } }));
    expect(error).toBeInstanceOf(TlsError);
    expect((error as Error).message).toMatch(/CN=ACME LTDA:\[redacted\] \[redacted\]\) expired/);
    expect(leaksIn(printable(error), ['11.222.333/0001-81', 'joao.silva@example.com'])).toEqual([]);
    await client.close();
  });
});
