// The alphanumeric CNPJ (IN RFB 2.229/2024, issued from July 2026) in the shared redaction: valid ones, with
// and without punctuation, in any case, encoding, look-alike characters or context, never survive; ids (UUIDs,
// hex ids, Pix end-to-end ids, and 14-character words that are no CNPJ by their check digits) still do.
import { redact } from '@banking-api/contract';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { cnpjCheckDigits, isValidCnpj } from '../../../test/support/brazil.ts';
import { alphanumericCnpj, leaksIn } from './corpus.ts';

const contexts: ((v: string) => string)[] = [
  (v) => `https://api.example.com/ar/accounts/${v}/full/legal-person?doc=${encodeURIComponent(v)}`,
  (v) => JSON.stringify({ taxId: v, note: `CNPJ ${v}` }),
  (v) => `<cnpj>${v}</cnpj>`,
  (v) => `cnpj=${v}&x=1`,
  (v) => `request for ${v}: refused (${v})`,
  (v) => v,
];

describe('alphanumeric CNPJs never survive', () => {
  test.each([
    ['CNPJ 12.ABC.345/01DE-35', 'CNPJ [redacted]'],
    ['cnpj 12ABC34501DE35.', 'cnpj [redacted].'],
    ['cnpj 12abc34501de35', 'cnpj [redacted]'],
    ['CNPJ12ABC34501DE35', 'CNPJ[redacted]'],
    ['?doc=12.ABC.345%2F01DE-35', '?doc=[redacted]'],
    ['{"taxId":"12ABC34501DE35"}', '{"taxId":"[redacted]"}'],
    ['12 ABC 345 01DE 35', '[redacted]'],
    [
      'cnpj \uff11\uff12\uff21\uff22\uff23\uff13\uff14\uff15\uff10\uff11\uff24\uff25\uff13\uff15',
      'cnpj [redacted]',
    ],
    [
      'x 12.ABC.345/01DE-99 (punctuated as a CNPJ: by its shape)',
      'x [redacted] (punctuated as a CNPJ: by its shape)',
    ],
  ])('%s', (text, expected) => expect(redact(text)).toBe(expected));

  test('property: valid ones, with and without punctuation, in any context', () => {
    fc.assert(
      fc.property(alphanumericCnpj, fc.nat(contexts.length - 1), (value, at) => {
        const out = redact((contexts[at] as (v: string) => string)(value));
        expect(leaksIn(out, [value]), out).toEqual([]);
      }),
      { numRuns: 5000 },
    );
  });

  test('property: the generator makes valid CNPJs (the property above is about real ones)', () => {
    fc.assert(
      fc.property(alphanumericCnpj, (value) => {
        const plain = decodeURIComponent(value)
          .replace(/[\uff10-\uff5a]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
          .replace(/[^0-9A-Za-z]/g, '')
          .toUpperCase();
        expect(isValidCnpj(plain), value).toBe(true);
        expect(plain).toMatch(/[A-Z]/);
      }),
    );
  });
});

describe('ids still survive', () => {
  const inContext: ((v: string) => string)[] = [
    (v) => `/ar/boletos/payments/${v}/confirm`,
    (v) => JSON.stringify({ id: v, note: `id ${v}` }),
    (v) => `request ${v} failed`,
    (v) => v,
  ];
  const kept = (id: string, at: number) => {
    const text = (inContext[at] as (v: string) => string)(id);
    expect(redact(text)).toBe(text);
  };

  /**
   * A 14-character upper-case word ending in two digits that are not its check digits (with no run of seven
   * digits or more: glued to letters, such a run is judged as a number, a phone or a document's, see numbers.ts).
   */
  const notACnpj = fc
    .tuple(
      fc.stringMatching(/^[0-9A-Z]{12}$/).filter((s) => /[A-Z]/.test(s)),
      fc.integer({ min: 0, max: 99 }),
    )
    .map(([base, n]) => `${base}${String(n).padStart(2, '0')}`)
    .filter((word) => cnpjCheckDigits(word.slice(0, 12)) !== word.slice(12) && !/[0-9]{7}/.test(word));

  test('property: 14-character words whose last two digits are not their check digits', () => {
    fc.assert(fc.property(notACnpj, fc.nat(inContext.length - 1), kept), { numRuns: 3000 });
  });

  test('property: UUIDs, hex ids and Pix end-to-end ids', () => {
    const hex = fc
      .stringMatching(/^[0-9a-f]{16,64}$/)
      .filter((s) => s.replace(/[0-9]/g, '').length * 8 >= s.length);
    // E + the payer's ISPB (8 digits) + yyyyMMddHHmm + 11 letters or digits: 32 characters.
    const endToEnd = fc
      .tuple(fc.stringMatching(/^[0-9]{8}$/), fc.stringMatching(/^[0-9a-zA-Z]{11}$/))
      .map(([ispb, tail]) => `E${ispb}202611231405${tail}`);
    fc.assert(
      fc.property(
        fc.oneof(fc.uuid(), hex, endToEnd),
        fc.boolean(),
        fc.nat(inContext.length - 1),
        (id, upper, at) => kept(upper ? id.toUpperCase() : id, at),
      ),
      { numRuns: 3000 },
    );
  });
});
