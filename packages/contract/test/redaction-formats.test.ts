// The shared redaction on the formats the audit found: ids that only look like numbers (UUIDs, hex and
// alphanumeric ids, Pix end-to-end ids, floats) kept whole; CPFs, CNPJs, e-mails and secrets written with
// look-alike characters, odd separators, tabs or as XML still removed; values the caller knows (its tokens)
// removed in any form; and each new scanner linear in its input.
import { createRedactor, createSecretScrubber, redact } from '@banking-api/contract';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { linearGrowth } from '../../../test/support/growth.ts';
import { leaksIn, luhnCard, oddCnpj, oddCpf } from './corpus.ts';

const inContext: ((v: string) => string)[] = [
  (v) => `/ar/boletos/payments/${v}/confirm`,
  (v) => JSON.stringify({ id: v, note: `id ${v}` }),
  (v) => `request ${v} failed`,
  (v) => v,
];

describe('ids are kept', () => {
  test.each([
    '/ar/boletos/payments/eb6f7d18-9a3d-4adb-898f-c12345678901/confirm',
    '/ar/x/202a821b-e870-494d-92e1-234567890123',
    '/ar/x/7F3C2A9E-4B1D-4C8E-9A51-123456789012',
    '/ar/pix/pix/E00000000202611231405a1b2c3d4e5f/refund/x',
    '{"conciliationId":"CONC20261123000123"}',
    '{"refundId":"RR1234567890123456ab12cd34ef5"}',
    '{"amount":50.25,"reason":-1.2345678901234e+40}',
    'list [1,2,3,4,5,6,7,8,9,10,11,12] and [100,200,300,40]',
    'name some_2026_11_23_file',
    'from 192.168.100.12 and 10.0.0.1',
  ])('%s', (text) => expect(redact(text)).toBe(text));

  test('property: random UUIDs survive, in any case and context', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.boolean(), fc.nat(inContext.length - 1), (uuid, upper, at) => {
        const id = upper ? uuid.toUpperCase() : uuid;
        const text = (inContext[at] as (v: string) => string)(id);
        expect(redact(text)).toBe(text);
      }),
      { numRuns: 5000 },
    );
  });

  test('property: hex ids (with a letter) and short alphanumeric ids survive', () => {
    // A hex id as hashes and trace ids have it: 16 or more hex digits, an eighth of them letters or more
    // (shorter ones are ids too, but their digit runs are judged as numbers: `1120000000aa` holds a phone).
    const hex = fc
      .stringMatching(/^[0-9a-f]{16,64}$/)
      .filter((s) => s.replace(/[0-9]/g, '').length * 8 >= s.length);
    // Up to nine digits: longer ones glued to letters are redacted when they could be a document, card or phone.
    const alnum = fc.stringMatching(/^[A-Z]{1,4}[0-9]{6,9}[a-z]{0,7}$/);
    fc.assert(
      fc.property(fc.oneof(hex, alnum), fc.nat(inContext.length - 1), (id, at) => {
        const text = (inContext[at] as (v: string) => string)(id);
        expect(redact(text)).toBe(text);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('odd writings are still found', () => {
  test.each([
    ['cpf 123.456.789\u201309', 'cpf [redacted]'],
    ['cpf 123.456.789\u201409', 'cpf [redacted]'],
    ['cpf 123_456_789_09', 'cpf [redacted]'],
    ['cpf 123.456.789.09', 'cpf [redacted]'], // an IPv4 shape, but a CPF by its check digits
    ['cpf 123\u00b7456\u00b7789-09', 'cpf [redacted]'],
    ['cnpj 11\u2024222\u2024333/0001-81', 'cnpj [redacted]'],
    ['cpf 123,456,789-09', 'cpf [redacted]'],
    ['cpf 123\u2009456\u2009789\u200909', 'cpf [redacted]'],
    ['cpf 123\u200b456\u200b789-09', 'cpf [redacted]'],
    ['cpf \uff11\uff12\uff13.\uff14\uff15\uff16.\uff17\uff18\uff19-\uff10\uff19', 'cpf [redacted]'],
    ['CPF12345678909', 'CPF[redacted]'],
    ['cpf 123.456.789-09x', 'cpf [redacted]x'], // a run with punctuation is a number however it is glued
    ['mail joao.silva\uff20example.com', 'mail [redacted]'],
    ['password\thunter2', 'password\t[redacted]'],
    ['<password>hunter2</password>', '<password>[redacted]</password>'],
    ['Bearer\topaque123', 'Bearer\t[redacted]'],
    ['password => hunter2', 'password => [redacted]'],
    ['senha := hunter2', 'senha := [redacted]'],
  ])('%s', (text, expected) => expect(redact(text)).toBe(expected));

  // Glued to a letter, each was an id's digits for a while (a review found 72 such leaks).
  test.each([
    'x123.456.789-09',
    'id529.982.247-25',
    'cliente11222333000181',
    'documento12345678909',
    'ref12345678909z',
    '(11) 98765-4321x',
    '+5511987654321e',
    'tel11987654321x',
    '4111111111111111x',
    '0x4111111111111111',
    'card5555555555554444end',
  ])('glued to letters: %s', (text) => {
    const out = redact(text);
    expect(out).toContain('[redacted]');
    expect(out).not.toMatch(/\d{4}/);
  });

  test('property: valid CPFs, CNPJs and card numbers glued to letters never survive', () => {
    // Words before them: a letter or two of any kind, or words (hex-only words of 16+ characters are ids).
    const head = fc.oneof(fc.stringMatching(/^[a-z]{1,2}$/), fc.stringMatching(/^[g-z]{1,6}$/));
    const glued = fc.tuple(head, fc.oneof(oddCpf, oddCnpj, luhnCard), fc.stringMatching(/^[g-z]{0,3}$/));
    fc.assert(
      fc.property(glued, ([head, value, tail]) => {
        const out = redact(`${head}${value}${tail}`);
        expect(leaksIn(out, [value]), out).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });

  test('property: valid CPFs and CNPJs with odd separators or full-width digits never survive', () => {
    const bare = (v: string) =>
      v.replace(/[\uff10-\uff19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/\D/g, '');
    fc.assert(
      fc.property(fc.oneof(oddCpf, oddCnpj), fc.nat(inContext.length - 1), (value, at) => {
        const out = redact((inContext[at] as (v: string) => string)(value));
        expect(leaksIn(out, [value]), out).toEqual([]);
        expect(out.includes(bare(value)), out).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('values the caller knows', () => {
  const token = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
  const slashy = 'abc/def+ghi/jkl';

  test('a redactor given them removes them as written, percent-encoded and JSON-escaped', () => {
    const redactor = createRedactor({ secrets: [token, slashy, 'short'] });
    const text = [
      `you sent ${token} ok`,
      `?t=${encodeURIComponent(slashy)}`,
      JSON.stringify({ seen: slashy }).replaceAll('/', '\\/'),
      `{"t":"${[...token].map((c) => `\\u00${c.charCodeAt(0).toString(16)}`).join('')}"}`,
      'a short word stays',
    ].join('\n');
    const out = redactor.text(text);
    expect(out).not.toContain(token);
    expect(out).not.toContain('jkl');
    expect(out).not.toContain('\\u0039\\u0066');
    expect(out).toContain('a short word stays');
    expect(redact(`you sent ${token} ok`)).toContain(token); // the shared redactor does not know it
  });

  test('the scrubber removes only them', () => {
    const scrub = createSecretScrubber([token]);
    expect(scrub(`cpf 123.456.789-09 ${token} ${token.toUpperCase()}`)).toBe(
      `cpf 123.456.789-09 [redacted] ${token.toUpperCase()}`,
    );
    expect(scrub(`x=${encodeURIComponent(token)}`)).toBe('x=[redacted]');
  });
});

describe('linear time of the new scanners', () => {
  const scrub = createSecretScrubber(['aaaaaaaaab', 'a/a/a/a/a/b']);
  const withSecrets = createRedactor({ secrets: ['aaaaaaaaab', 'a/a/a/a/a/b'] });
  const hostile: Record<string, [(n: number) => string, (text: string) => string]> = {
    'UUID-like dashes': [(n) => '12345678-'.repeat(n / 9), redact],
    'digits between letters': [(n) => '1a'.repeat(n / 2), redact],
    'comma and underscore gaps': [(n) => '123,456_'.repeat(n / 8), redact],
    'look-alike digits': [(n) => '\uff11\u200b\u2013'.repeat(n / 3), redact],
    'XML secret elements': [(n) => '<password>'.repeat(n / 10), redact],
    'tab-separated keys': [(n) => 'password\t'.repeat(n / 9), redact],
    'labels before digits': [(n) => 'cpf1'.repeat(n / 4), redact],
    'one long hex word': [(n) => 'a1b2c3d4e5'.repeat(n / 10), redact],
    'digit runs glued to letters': [(n) => 'x12345678909'.repeat(n / 12), redact],
    'floats in scientific notation': [(n) => '1.2345e+4 '.repeat(n / 10), redact],
    'known secret prefixes (redactor)': [(n) => 'a'.repeat(n), withSecrets.text],
    'known secret prefixes (scrubber)': [(n) => 'a/'.repeat(n / 2), scrub],
    'alphanumeric CNPJ shapes': [(n) => '12.ABC.345/01DE-3 '.repeat(n / 18), redact],
    'words one short of a CNPJ': [(n) => '12ABC34501DE3 cnpj'.repeat(n / 18), redact],
    'UTF-8 escapes of look-alikes': [(n) => '%EF%BC%91%EF%BC'.repeat(n / 15), redact],
  };
  test.each(Object.keys(hostile))('%s: CPU time grows linearly with the input', (name) => {
    const [make, run] = hostile[name] as [(n: number) => string, (text: string) => string];
    const growth = linearGrowth(make, run, 2_000);
    console.log(`redact growth ${name}: ${growth.summary}`);
    expect(growth.ratio, growth.summary).toBeLessThan(growth.limit);
  });
});
