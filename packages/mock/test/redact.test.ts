// The journal's redaction: personal data of a Brazilian bank's requests and tokens, formatted or bare.
import { expect, test } from 'vitest';
import { redactText, redactValue } from '../src/journal.ts';

test.each([
  ['CPF 123.456.789-09', 'CPF [cpf]'],
  ['cpf=12345678909', 'cpf=[cpf]'],
  ['CNPJ 12.345.678/0001-95', 'CNPJ [cnpj]'],
  ['cnpj=12345678000195', 'cnpj=[cnpj]'],
  ['mail maria.silva+pix@example.com.br', 'mail [email]'],
  ['phone +55 11 91234-5678', 'phone [phone]'],
  ['phone (11) 91234-5678', 'phone [phone]'],
  ['token eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJkZXYifQ.c2lnbmF0dXJl', 'token [token]'],
])('%s', (text, redacted) => {
  expect(redactText(text)).toBe(redacted);
});

test('leaves identifiers that are no personal data alone', () => {
  for (const text of [
    '7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34',
    'amount 320.75',
    'wh-1',
    '2026-11-23T14:05:09.123Z',
  ])
    expect(redactText(text)).toBe(text);
});

test('redacts every string of a JSON value', () => {
  expect(redactValue({ a: ['x@y.com', 1], b: { c: '123.456.789-09' } })).toEqual({
    a: ['[email]', 1],
    b: { c: '[cpf]' },
  });
});
