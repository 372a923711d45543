// The journal's redaction (the shared one, with placeholders that say what was there): personal data of
// a Brazilian bank's requests, tokens and secrets, formatted or bare.
import { expect, test } from 'vitest';
import { journalRedactor } from '../src/session/journal.ts';

const redactor = journalRedactor();

test.each([
  ['CPF 123.456.789-09', 'CPF [cpf]'],
  ['cpf=12345678909', 'cpf=[cpf]'],
  ['CNPJ 12.345.678/0001-95', 'CNPJ [cnpj]'],
  ['cnpj=12345678000195', 'cnpj=[cnpj]'],
  ['mail maria.silva+pix@example.com.br', 'mail [email]'],
  ['phone +55 11 91234-5678', 'phone [phone]'],
  ['phone (11) 91234-5678', 'phone [phone]'],
  ['E.164: +5511912345678, spaced: 11 91234 5678', 'E.164: [phone], spaced: [phone]'],
  ['token eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJkZXYifQ.c2lnbmF0dXJl', 'token [token]'],
  ['?access_token=opaque-42&password=hunter2', '?access_token=[redacted]&password=[redacted]'],
  ['{"alias":"x","password":"8246"}', '{"alias":"x","password":"[redacted]"}'],
])('%s', (text, redacted) => {
  expect(redactor.text(text)).toBe(redacted);
});

test('leaves identifiers that are no personal data alone', () => {
  for (const text of [
    '7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34',
    'amount 320.75',
    'wh-1',
    '2026-11-23T14:05:09.123Z',
  ])
    expect(redactor.text(text)).toBe(text);
});

test('redacts every string of a JSON value', () => {
  expect(redactor.value({ a: ['x@y.com', 1], b: { c: '123.456.789-09' } })).toEqual({
    a: ['[email]', 1],
    b: { c: '[cpf]' },
  });
});
