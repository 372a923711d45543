import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linearGrowth } from '../../../test/support/growth.ts';
import type { AttemptEndInfo, AttemptInfo } from '../src/index.js';
import { createBankingClient } from '../src/index.js';
import { redact, redactHeaders, secretHeaderSet } from '../src/redact.js';
import { corpusItem, leaksIn } from './corpus.js';
import { envelope, json, jwt, makePki, type Pki, startServer, type TestServer } from './harness.js';

let pki: Pki;
let server: TestServer;
const token = jwt({ sub: 'svc', exp: Math.floor(Date.now() / 1000) + 3600, secret: 'TOKEN-MARKER' });
const passphrase = 'PASSPHRASE-MARKER-42';

beforeAll(async () => {
  pki = makePki();
  server = await startServer(pki);
});
afterAll(() => server.close());

/** Everything a caller could print about a call: hook records, error, response, the client itself. */
function printable(...values: unknown[]): string {
  return values
    .map(
      (v) =>
        `${inspect(v, { depth: 10, showHidden: true })}\n${JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? String(x) : x))}`,
    )
    .join('\n');
}

function secretsIn(text: string): string[] {
  const keyBody = pki.client.key.split('\n')[1] ?? 'unreachable';
  const foreignKeyBody = pki.foreign.key.split('\n')[1] ?? 'unreachable';
  const found: string[] = [];
  for (const [name, secret] of Object.entries({
    token,
    tokenSignature: token.split('.')[2] ?? '',
    passphrase,
    keyBody,
    foreignKeyBody,
  })) {
    if (secret && text.includes(secret)) found.push(name);
  }
  return found;
}

describe('secrets and personal data stay out of output', () => {
  it('a failing transport call: error, hook records and client hold no token, key or passphrase', async () => {
    const records: (AttemptInfo | AttemptEndInfo)[] = [];
    const client = createBankingClient({
      baseUrl: server.url,
      environment: 'production',
      tls: { cert: pki.foreign.cert, key: pki.foreign.key, ca: pki.ca.cert },
      token: async () => token,
      hooks: { onAttemptStart: (i) => records.push(i), onAttemptEnd: (i) => records.push(i) },
    });
    const error = await client
      .POST('/hb/multi-access/otp/validate', { body: { context: 'x', code: '1' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(records.length).toBe(2);
    expect(secretsIn(printable(error, records, client, String(error), (error as Error).stack))).toEqual([]);
    expect(records[0]?.headers.authorization).toBe('Bearer [redacted]');
    await client.close();
  });

  it('an encrypted key with a passphrase and a 500 answer: nothing leaks; personal data in URLs is redacted', async () => {
    const { createPrivateKey } = await import('node:crypto');
    const encryptedKey = createPrivateKey(pki.client.key).export({
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase,
    }) as string;
    server.handle((req, res) => json(res, 500, envelope(500, 'INTERNAL', req.url)));
    const records: (AttemptInfo | AttemptEndInfo)[] = [];
    const client = createBankingClient({
      baseUrl: server.url,
      tls: { cert: pki.client.cert, key: encryptedKey, passphrase, ca: pki.ca.cert },
      token,
      retry: { baseDelayMs: 1, retries: 1 },
      hooks: { onAttemptStart: (i) => records.push(i), onAttemptEnd: (i) => records.push(i) },
    });
    const result = await client.GET('/ar/notifications/webhook/{type}', {
      params: { path: { type: 'joao.silva@example.com' } },
    });
    expect(result.error?.code).toBe('INTERNAL');
    expect(records.map((r) => ('status' in r ? r.status : 'start'))).toEqual(['start', 500, 'start', 500]);
    expect(secretsIn(printable(result.error, records, client))).toEqual([]);
    expect(printable(records, client)).not.toContain('joao.silva'); // (the server's own echo is its business)
    expect(records[0]).toMatchObject({
      operationId: 'getWebhookUrl',
      method: 'GET',
      path: '/ar/notifications/webhook/{type}',
      attempt: 1,
    });
    expect(inspect(client)).toBe(`BankingClient { baseUrl: '${server.url}', environment: undefined }`);
    // A wrong passphrase is reported without the passphrase.
    const wrong = (() => {
      try {
        createBankingClient({
          baseUrl: server.url,
          tls: { cert: pki.client.cert, key: encryptedKey, passphrase: 'WRONG-PASS-MARKER' },
          token,
        });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(wrong?.message).toMatch(/cannot be loaded/);
    expect(printable(wrong)).not.toContain('WRONG-PASS-MARKER');
    expect(secretsIn(printable(wrong))).toEqual([]);
    await client.close();
  });

  it('redacts CPF, CNPJ, e-mail and phone numbers', () => {
    expect(
      redact(
        '/x/123.456.789-09?cnpj=11.222.333/0001-81&doc=11222333000181&m=a.b%40c.com.br&p=%2B5511987654321 +55 11 98765-4321',
      ),
    ).toBe('/x/[redacted]?cnpj=[redacted]&doc=[redacted]&m=[redacted]&p=[redacted] [redacted]');
  });

  it('redacts the forms the issue names', () => {
    for (const [text, expected] of [
      ['/ar/x/11.222.333%2F0001-81/y', '/ar/x/[redacted]/y'],
      ['call (11) 91234-5678 now', 'call [redacted] now'],
      ['cpf 123 456 789 09.', 'cpf [redacted].'],
      ['+55 11 91234-5678', '[redacted]'],
      ['11912345678', '[redacted]'],
      ['Authorization: Bearer abc.def-123', 'Authorization: Bearer [redacted]'],
      [
        '{"access_token":"opaque-42","password":"hunter2"}',
        '{"access_token":"[redacted]","password":"[redacted]"}',
      ],
      ['at 2026-11-23T13:00:00.000Z, port 43211, 300 ms', 'at 2026-11-23T13:00:00.000Z, port 43211, 300 ms'],
    ] as const)
      expect(redact(text), text).toBe(expected);
  });

  it('corpus: every value, in every format, inside URLs, JSON bodies, messages and headers', () => {
    const contexts: ((v: string) => string)[] = [
      (v) => `https://api.example.com/ar/x/${v}/y?z=1`,
      (v) => `https://api.example.com/ar/x/${encodeURIComponent(v)}?doc=${encodeURIComponent(v)}&n=2`,
      (v) => JSON.stringify({ customer: { document: v, note: `doc ${v}` } }),
      (v) => `request failed for ${v}: upstream said no (${v})`,
      (v) => v,
    ];
    fc.assert(
      fc.property(corpusItem, fc.integer({ min: 0, max: contexts.length - 1 }), (value, at) => {
        const text = (contexts[at] as (v: string) => string)(value);
        expect(leaksIn(redact(text), [value])).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('secret headers, default and configured, are masked whole', () => {
    const secret = secretHeaderSet(['X-Partner-Secret']);
    expect(
      redactHeaders(
        { authorization: 'Bearer abc', 'x-api-key': 'k-1', 'x-partner-secret': 's-1', 'x-note': 'a@b.co' },
        secret,
      ),
    ).toEqual({
      authorization: 'Bearer [redacted]',
      'x-api-key': '[redacted]',
      'x-partner-secret': '[redacted]',
      'x-note': '[redacted]',
    });
  });
});

describe('redaction time is linear in the text (the shared module)', () => {
  it.each(['a', '1', 'eyJ', 'a.b@'])('a URL with a long run of %j: CPU time linear in its length', (unit) => {
    const url = (n: number) => `https://api.example.com/ar/x/${unit.repeat(n / unit.length)}?q=1`;
    const growth = linearGrowth(url, redact, 2_000);
    console.log(`client redact growth "${unit}": ${growth.summary}`);
    expect(growth.ratio, growth.summary).toBeLessThan(growth.limit); // the old patterns: quadratic
  });
});
