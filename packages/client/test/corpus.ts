// The redaction corpus: fast-check generators of personal data and credentials (the alphanumeric CNPJ's from
// test/support/brazil.ts), each in every way it is written (formatted, bare, spaced, percent-encoded...), and
// the forms a leak could take in output.
import fc from 'fast-check';
import { alphanumericCnpj } from '../../../test/support/brazil.ts';

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n });
const join = (ds: number[]) => ds.join('');

/** Check digit of the CPF/CNPJ kind (mod 11 with the given weights). */
function checkDigit(ds: number[], weights: number[]): number {
  const sum = ds.reduce((acc, d, i) => acc + d * (weights[i] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const cpfDigits = digits(9).map((ds) => {
  const d1 = checkDigit(ds, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = checkDigit([...ds, d1], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return join([...ds, d1, d2]);
});
const cnpjDigits = digits(8).map((ds) => {
  const base = [...ds, 0, 0, 0, 1];
  const d1 = checkDigit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = checkDigit([...base, d1], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return join([...base, d1, d2]);
});

const cut = (s: string, sizes: number[]) => {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(s.slice(at, at + size));
    at += size;
  }
  return parts;
};

export const cpf = fc.tuple(cpfDigits, fc.integer({ min: 0, max: 3 })).map(([d, format]) => {
  const [a, b, c, e] = cut(d, [3, 3, 3, 2]);
  return [`${a}.${b}.${c}-${e}`, d, `${a} ${b} ${c} ${e}`, `${a}.${b}.${c}%2D${e}`][format] as string;
});

export const cnpj = fc.tuple(cnpjDigits, fc.integer({ min: 0, max: 3 })).map(([d, format]) => {
  const [a, b, c, e, f] = cut(d, [2, 3, 3, 4, 2]);
  return [`${a}.${b}.${c}/${e}-${f}`, d, `${a} ${b} ${c} ${e} ${f}`, `${a}.${b}.${c}%2F${e}-${f}`][
    format
  ] as string;
});

export const phone = fc
  .tuple(fc.integer({ min: 11, max: 99 }), fc.boolean(), digits(4), digits(4), fc.integer({ min: 0, max: 8 }))
  .map(([area, mobile, p1, p2, format]) => {
    const first = `${mobile ? '9' : '3'}${join(p1)}`.slice(0, mobile ? 5 : 4);
    const last = join(p2);
    return [
      `(${area}) ${first}-${last}`,
      `+55 ${area} ${first}-${last}`,
      `${area}${first}${last}`,
      `+55 (${area}) ${first}-${last}`,
      `+55${area}${first}${last}`,
      `${area} ${first}-${last}`,
      `(${area})${first}-${last}`,
      `%2B55%20${area}%20${first}-${last}`,
      `55${area}${first}${last}`,
    ][format] as string;
  });

const word = fc.stringMatching(/^[a-z0-9]{1,10}$/);
export const email = fc
  .tuple(word, fc.constantFrom('', '.', '_', '+', '-'), word, word, fc.constantFrom('com', 'com.br', 'org'))
  .map(([a, sep, b, domain, tld]) => `${a}${sep}${b}@${domain}.${tld}`);

const base64url = fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/);
export const jwt = fc
  .tuple(base64url, base64url)
  .map(
    ([payload, sig]) =>
      `${Buffer.from('{"alg":"RS256","typ":"JWT"}').toString('base64url')}.eyJ${payload}.${sig}`,
  );
export const bearer = fc.stringMatching(/^[A-Za-z0-9._~-]{16,40}$/).map((t) => `Bearer ${t}`);

/** Any corpus value. */
/** Alphanumeric CNPJs in the writings a header can carry (printable ASCII): the corpus goes into headers too. */
const headerSafeCnpj = alphanumericCnpj.filter((value) => /^[\x20-\x7e]+$/.test(value));

export const corpusItem = fc.oneof(cpf, cnpj, headerSafeCnpj, phone, email, jwt, bearer);

/** The forms under which `value` would show if it leaked: as written, percent-encoded, as bare digits. */
export function leakForms(value: string): string[] {
  const forms = [value, encodeURIComponent(value), decodeURIComponent(value)];
  const bare = value.replace(/\D/g, '');
  if (bare.length >= 8 && !value.startsWith('Bearer ') && !value.startsWith('eyJ')) forms.push(bare);
  if (value.startsWith('Bearer ')) forms.push(value.slice('Bearer '.length));
  const plain = decodeURIComponent(value).replace(/[\uff10-\uff5a]/g, (c) =>
    String.fromCharCode(c.charCodeAt(0) - 0xfee0),
  );
  const alnum = plain.replace(/[^0-9A-Za-z]/g, '');
  if (alnum.length === 14 && /[A-Za-z]/.test(alnum))
    forms.push(alnum, alnum.toUpperCase(), alnum.slice(0, 12));
  return forms;
}

/** The leak forms of `values` found in `text`. */
export const leaksIn = (text: string, values: string[]) =>
  values.flatMap((value) => leakForms(value).filter((form) => text.includes(form)));
