// The shared redaction (@banking-api/contract): every class of personal data and secret, in every
// format, gone from any text; the contract's own hints honoured; and CPU time linear in the input.
import {
  type ContractModel,
  createRedactor,
  redact,
  redactHeaderValues,
  redactRequestId,
  secretFieldNames,
} from '@banking-api/contract';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { linearGrowth } from '../../../test/support/growth.ts';
import { datum, keyedSecret, leaksIn, schemeSecret } from './corpus.ts';

const contexts: ((v: string) => string)[] = [
  (v) => `https://api.example.com/ar/x/${v}/y?z=1`,
  (v) => `https://api.example.com/ar/x/${encodeURIComponent(v)}?doc=${encodeURIComponent(v)}&n=2`,
  (v) => `/hb/x?doc=${encodeURIComponent(v).replaceAll('%20', '+')}`,
  (v) => JSON.stringify({ customer: { document: v, note: `doc ${v}` } }),
  (v) => `request failed for ${v}: upstream said no (${v})`,
  (v) => `at 2026-11-23T14:05:09.123Z ${v}, amount 320.75`,
  (v) => v,
];

describe('what never survives', () => {
  test.each([
    ['CPF 123.456.789-09', 'CPF [redacted]'],
    ['cpf 123 456 789 09.', 'cpf [redacted].'],
    ['CNPJ 11.222.333%2F0001-81', 'CNPJ [redacted]'],
    ['E.164: +5511987654321', 'E.164: [redacted]'],
    ['spaces 11 98765 4321 and +55 11 98765 4321', 'spaces [redacted] and [redacted]'],
    ['local 98765-4321', 'local [redacted]'],
    ['mail a.b%40c.com.br', 'mail [redacted]'],
    ['card 4111 1111 1111 1111', 'card [redacted]'],
    ['?access_token=opaque-42&password=hunter2', '?access_token=[redacted]&password=[redacted]'],
    ['{"cardPassword": "8246", "cvv": 123}', '{"cardPassword": "[redacted]", "cvv": [redacted]}'],
    ['authorization: bearer abc.def', 'authorization: bearer [redacted]'],
    ['k -----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY----- end', 'k [redacted] end'],
    ['opaque sk_live_4eC39HqLyjWDarjtT1zdp7dcAbCdEfGh', 'opaque [redacted]'],
    // JSON's \u escapes of ASCII characters, as a client may write them (the audit of issue 25)
    ['{"pass\\u0077ord":"hunter2"}', '{"pass\\u0077ord":"[redacted]"}'],
    ['{"alias":"joao\\u0040example.com"}', '{"alias":"[redacted]"}'],
    ['cpf 123\\u002e456\\u002e789-09', 'cpf [redacted]'],
  ])('%s', (text, expected) => expect(redact(text)).toBe(expected));

  test('what is no personal data is kept', () => {
    for (const text of [
      '7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34',
      'at 2026-11-23T13:00:00.000Z, port 43211, 300 ms',
      'amount 320.75 on 23/11/2026 14:05',
      'connect ECONNREFUSED 127.0.0.1:43211',
      '/hb/webhook/logs?webhookId=wh-1',
      'the token has expired',
    ])
      expect(redact(text)).toBe(text);
  });

  test('property: no generated datum survives, in any context', () => {
    fc.assert(
      fc.property(datum, fc.nat(contexts.length - 1), (value, at) => {
        const text = (contexts[at] as (v: string) => string)(value);
        expect(leaksIn(redact(text), [value])).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });

  test('property: no secret survives its key or its scheme', () => {
    fc.assert(
      fc.property(fc.oneof(keyedSecret, schemeSecret), fc.nat(contexts.length - 1), ({ value, text }, at) => {
        const out = redact((contexts[at] as (v: string) => string)(text));
        expect(out.includes(value) || out.includes(encodeURIComponent(value)), out).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  test('JSON values: secret keys replaced whole, strings redacted, keys too, depth bounded', () => {
    let deep: unknown = 'x@y.com';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const value = createRedactor().value({
      password: { nested: 1 },
      pin: 1234,
      'joao@example.com': 'ok',
      list: ['123.456.789-09', 7],
      deep,
    });
    expect(JSON.stringify(value)).not.toMatch(/1234|joao|456\.789|x@y/);
  });

  test('headers: secret ones masked, scheme kept, plain UUID request ids kept', () => {
    const redactor = createRedactor();
    expect(
      redactHeaderValues(
        {
          authorization: 'bearer abc',
          'x-auth-token': 'abc',
          'x-request-id': '7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34',
          'x-note': ['a@b.co', '11987654321'],
        },
        redactor,
      ),
    ).toEqual({
      authorization: 'bearer [redacted]',
      'x-auth-token': '[redacted]',
      'x-request-id': '7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34',
      'x-note': '[redacted], [redacted]',
    });
  });

  test('request ids: a plain UUID kept as it is, any other id redacted as text', () => {
    const redactor = createRedactor();
    const uuid = '7F3C2A9E-4b1d-4c8e-9a51-2e6d0b8f1c34';
    expect(redactRequestId(uuid, redactor)).toBe(uuid);
    expect(redactRequestId('order-42', redactor)).toBe('order-42');
    expect(redactRequestId('joao.silva@gmail.com-123.456.789-09', redactor)).not.toMatch(/joao|456/);
    expect(redactRequestId(`${uuid} 123.456.789-09`, redactor)).not.toContain('456');
  });
});

describe("the contract's hints", () => {
  const schema = (properties: Record<string, unknown>) => ({ type: 'object', properties });
  const model = {
    operations: [
      {
        parameters: [{ name: 'x-device-pin', in: 'header', schema: { type: 'string', format: 'password' } }],
        requestBody: {
          content: [
            {
              mediaType: 'application/json',
              schema: schema({ pinBlock: { type: 'string', writeOnly: true }, memo: { type: 'string' } }),
            },
          ],
        },
        responses: [
          {
            content: [
              {
                mediaType: 'application/json',
                schema: schema({
                  list: {
                    type: 'array',
                    items: schema({ cardVerifier: { type: 'string', format: 'password' } }),
                  },
                }),
              },
            ],
          },
        ],
      },
    ],
  } as unknown as ContractModel;

  test('format: password, writeOnly and secret names are read from any model', () => {
    expect([...secretFieldNames(model)].sort()).toEqual(['cardverifier', 'pinblock', 'xdevicepin']);
    const redactor = createRedactor({ model });
    expect(redactor.text('{"pinBlock":"A1B2","memo":"hi","cardVerifier":"77"}')).toBe(
      '{"pinBlock":"[redacted]","memo":"hi","cardVerifier":"[redacted]"}',
    );
  });

  test("the embedded contract's card password field is secret", () => {
    expect(redact('{"alias":"Compras","password":"8246"}')).toBe(
      '{"alias":"Compras","password":"[redacted]"}',
    );
  });
});

describe('linear time', () => {
  // Inputs that made the old patterns quadratic (a long run of letters or digits, a JWT prefix over
  // and over) and ones aimed at each scanner of this one.
  const hostile: Record<string, (n: number) => string> = {
    letters: (n) => 'a'.repeat(n),
    digits: (n) => '1'.repeat(n),
    'digit groups': (n) => '1 '.repeat(n / 2),
    'at signs': (n) => 'a@'.repeat(n / 2),
    'e-mail-like': (n) => 'a1@b.c '.repeat(n / 7),
    'JWT prefixes': (n) => 'eyJ'.repeat(n / 3),
    escapes: (n) => '%2B1'.repeat(n / 4),
    'unicode escapes': (n) => '\\u00401'.repeat(n / 7),
    'secret keys': (n) => 'token='.repeat(n / 6),
    'open quote': (n) => `password:"${'\\'.repeat(n)}`,
    'PEM headers': (n) => '-----BEGIN PRIVATE'.repeat(n / 18),
  };
  test.each(Object.keys(hostile))('%s: CPU time grows linearly with the input', (name) => {
    const growth = linearGrowth(hostile[name] as (n: number) => string, redact, 2_000);
    console.log(`redact growth ${name}: ${growth.summary}`);
    expect(growth.ratio, growth.summary).toBeLessThan(growth.limit);
  });
});
