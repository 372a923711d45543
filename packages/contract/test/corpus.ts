// Generators of what must never survive redaction: personal data (CPF, CNPJ, phones, e-mails, card
// numbers) in every way it is written, and secrets (JWTs, opaque tokens, passwords, keys) as they are
// sent; and the forms a leak of one would take in output.
import fc from 'fast-check';
import { alphanumericCnpj } from '../../../test/support/brazil.ts';

export { alphanumericCnpj };

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n });
const join = (ds: number[]) => ds.join('');

function checkDigit(ds: number[], weights: number[]): number {
  const rest = ds.reduce((acc, d, i) => acc + d * (weights[i] ?? 0), 0) % 11;
  return rest < 2 ? 0 : 11 - rest;
}

function cut(s: string, sizes: number[]): string[] {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(s.slice(at, at + size));
    at += size;
  }
  return parts;
}

/** `parts` joined by one separator style (punctuation, spaces, none, percent-encoded). */
const separators = fc.constantFrom(
  ['.', '-'],
  [' ', ' '],
  ['', ''],
  ['.', '%2D'],
  ['%2E', '%2D'],
  [' ', '-'],
);

export const cpf = fc.tuple(digits(9), separators).map(([ds, [a, b]]) => {
  const d1 = checkDigit(ds, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = checkDigit([...ds, d1], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const [p, q, r, s] = cut(join([...ds, d1, d2]), [3, 3, 3, 2]);
  return `${p}${a}${q}${a}${r}${b}${s}`;
});

/** Check digits of a CPF (the last two of its 11). */
export function cpfDigits(ds: number[]): number[] {
  const d1 = checkDigit(ds, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...ds, d1, checkDigit([...ds, d1], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2])];
}

/** Check digits of a CNPJ's 12 digits: its 14. */
export function cnpjDigits(base: number[]): number[] {
  const d1 = checkDigit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...base, d1, checkDigit([...base, d1], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])];
}

/** Separators people and systems put between a CPF's or CNPJ's groups beyond `. - /` and spaces. */
const oddSeparators = fc.constantFrom(
  '\u2013',
  '\u2014',
  '_',
  ',',
  '\u2009',
  '\u200b',
  '\u00a0',
  '\u202f',
  '\u2212',
  '\u00b7',
  '\u2024',
);
const fullWidth = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));

/** Valid CPFs (check digits) with odd separators between the groups, or in full-width digits. */
export const oddCpf = fc
  .tuple(digits(9), oddSeparators, oddSeparators, fc.boolean())
  .map(([ds, a, b, wide]) => {
    const [p, q, r, s] = cut(join(cpfDigits(ds)), [3, 3, 3, 2]);
    const written = `${p}${a}${q}${a}${r}${b}${s}`;
    return wide ? fullWidth(written) : written;
  });

/** Valid CNPJs (check digits) with odd separators between the groups, or in full-width digits. */
export const oddCnpj = fc
  .tuple(digits(8), oddSeparators, fc.constantFrom('/', '\u2215', '_'), oddSeparators, fc.boolean())
  .map(([ds, a, slash, dash, wide]) => {
    const [p, q, r, s, t] = cut(join(cnpjDigits([...ds, 0, 0, 0, 1])), [2, 3, 3, 4, 2]);
    const written = `${p}${a}${q}${a}${r}${slash}${s}${dash}${t}`;
    return wide ? fullWidth(written) : written;
  });

export const cnpj = fc
  .tuple(digits(8), fc.constantFrom(['.', '/', '-'], [' ', ' ', ' '], ['', '', ''], ['.', '%2F', '-']))
  .map(([ds, [a, slash, dash]]) => {
    const base = [...ds, 0, 0, 0, 1];
    const d1 = checkDigit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
    const d2 = checkDigit([...base, d1], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
    const [p, q, r, s, t] = cut(join([...base, d1, d2]), [2, 3, 3, 4, 2]);
    return `${p}${a}${q}${a}${r}${slash}${s}${dash}${t}`;
  });

export const phone = fc
  .tuple(
    fc.integer({ min: 11, max: 99 }),
    fc.boolean(),
    digits(4),
    digits(4),
    fc.integer({ min: 0, max: 11 }),
  )
  .map(([area, mobile, p1, p2, format]) => {
    const first = `${mobile ? '9' : '3'}${join(p1)}`.slice(0, mobile ? 5 : 4);
    const last = join(p2);
    return [
      `(${area}) ${first}-${last}`,
      `+55 ${area} ${first}-${last}`,
      `${area}${first}${last}`,
      `+55 (${area}) ${first}-${last}`,
      `+55${area}${first}${last}`, // E.164
      `${area} ${first} ${last}`, // spaces only
      `+55 ${area} ${first} ${last}`,
      `%2B55%20${area}%20${first}-${last}`,
      `55${area}${first}${last}`,
      `+55.${area}.${first}.${last}`,
      `(${area})${first}-${last}`,
      `${first}-${last}`,
    ][format] as string;
  });

const word = fc.stringMatching(/^[a-z0-9]{1,10}$/);
export const email = fc
  .tuple(
    word,
    fc.constantFrom('', '.', '_', '+', '-'),
    word,
    word,
    fc.constantFrom('com', 'com.br', 'org'),
    fc.boolean(),
  )
  .map(([a, sep, b, domain, tld, encoded]) => `${a}${sep}${b}${encoded ? '%40' : '@'}${domain}.${tld}`);

/** Card numbers: 16 digits in groups of four (spaces or dashes) or bare. */
export const card = fc
  .tuple(digits(16), fc.constantFrom(' ', '-', ''))
  .map(([ds, sep]) => cut(join(ds), [4, 4, 4, 4]).join(sep));

/** Card numbers as cards have them: 15 digits and their Luhn check digit, bare. */
export const luhnCard = digits(15).map((ds) => {
  const sum = ds.reduce((total, d, i) => {
    const doubled = (ds.length - i) % 2 === 1 ? d * 2 : d; // from the right, every second digit before the check
    return total + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return join([...ds, (10 - (sum % 10)) % 10]);
});

const base64url = fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/);
export const jwt = fc
  .tuple(base64url, base64url)
  .map(
    ([payload, sig]) =>
      `${Buffer.from('{"alg":"RS256","typ":"JWT"}').toString('base64url')}.eyJ${payload}.${sig}`,
  );

/** A secret as a value that only its key (or scheme) marks: opaque tokens, passwords, PINs, CVVs. */
export const opaque = fc.stringMatching(/^[A-Za-z0-9._~-]{6,40}$/).filter((s) => /[A-Za-z0-9]{4}/.test(s));
const secretKeys = fc.constantFrom(
  'password',
  'senha',
  'access_token',
  'refresh_token',
  'client_secret',
  'api_key',
  'apiKey',
  'cardPassword',
  'pin',
  'cvv',
  'token',
  'x-api-key',
);
export const keyedSecret = fc
  .tuple(secretKeys, opaque, fc.integer({ min: 0, max: 4 }))
  .map(([key, value, form]) => ({
    value,
    text: [
      `${key}=${value}`,
      `{"${key}":"${value}"}`,
      `${key}: ${value}`,
      `${key}%3D${encodeURIComponent(value)}`,
      `a=1&${key}=${value}&b=2`,
    ][form] as string,
  }));
export const schemeSecret = fc
  .tuple(fc.constantFrom('Bearer', 'bearer', 'BEARER', 'Basic'), opaque)
  .map(([scheme, value]) => ({ value, text: `${scheme} ${value}` }));

/** Any personal datum or self-evident credential (found wherever it stands). */
export const datum = fc.oneof(cpf, cnpj, alphanumericCnpj, phone, email, card, jwt);

/** The forms under which `value` would show if it leaked: as written, percent-(de)coded, bare digits. */
export function leakForms(value: string): string[] {
  const decoded = decodeURIComponent(value);
  const forms = [value, encodeURIComponent(value), decoded];
  const bare = decoded.replace(/\D/g, '');
  if (bare.length >= 8 && !decoded.includes('@') && !decoded.startsWith('eyJ')) forms.push(bare);
  const plain = decoded.replace(/[\uff10-\uff5a]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  const alnum = plain.replace(/[^0-9A-Za-z]/g, '');
  if (alnum.length === 14 && /[A-Za-z]/.test(alnum))
    forms.push(alnum, alnum.toUpperCase(), alnum.slice(0, 12));
  return forms;
}

export const leaksIn = (text: string, values: string[]): string[] =>
  values.flatMap((value) => leakForms(value).filter((form) => text.includes(form)));
