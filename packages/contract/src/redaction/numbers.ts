// Numbers that identify a person or an account: CPF, CNPJ, phone numbers (Brazilian and E.164), card
// numbers, written bare, with punctuation or spaces between digit groups, or percent-encoded (decoded
// before this scan). A "run" is digit groups joined by short gaps (up to three of space . - / ( ) +, and
// `,` `_` in a CPF or CNPJ); dates (2026-11-23, 23/11/2026) and IPv4 addresses inside a run are kept.
// Digits of a UUID or a hex id (a hash, a trace id), a float's mantissa (`1.23e+40`), or a bare digit string
// inside a longer word (`RR1234…ab12`, `pedido98765432101x`), are an id's, not a person's, unless they are a CPF or CNPJ by their check digits, a card number by Luhn's,
// a Brazilian phone number by its shape, follow a `+`, or follow a label (`CPF12345678909`): under-redacting
// is the worse mistake. A run with punctuation (`x123.456.789-09`) is a number however it is glued. One pass.
import { isAlnum, isDigit, isDigitGap, isHex, isLetter, isWeakDigitGap } from './chars.js';
import type { DataKind, Finding } from './finding.js';

interface Group {
  start: number;
  end: number;
  /** The gap before this group (empty for the first). */
  gap: string;
}

/** The digit runs of `text` that hold personal or account numbers. */
export function scanNumbers(written: string): Finding[] {
  const text = withoutHexIds(withoutUuids(written));
  const found: Finding[] = [];
  let i = 0;
  while (i < text.length) {
    if (!isDigit(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const groups = readRun(text, i);
    i = (groups[groups.length - 1] as Group).end;
    if (isIdDigits(text, groups)) continue;
    for (const part of withoutWeakGaps(text, groups))
      for (const dateless of withoutDates(text, part)) classify(text, dateless, found);
  }
  return found;
}

const digitsOf = (groups: Group[]) => groups.reduce((n, g) => n + size(g), 0);

/** The text with each UUID's characters replaced by letters, so no digit run starts or ends in one. */
function withoutUuids(text: string): string {
  const parts: string[] = [];
  let at = 0;
  for (let dash = text.indexOf('-', 8); dash !== -1; dash = text.indexOf('-', dash + 1)) {
    const start = dash - 8;
    if (start < at || !isUuidAt(text, start)) continue;
    parts.push(text.slice(at, start), 'x'.repeat(36));
    at = start + 36;
    dash = at;
  }
  if (at === 0) return text;
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * The text with each hex id (a word of 16 or more hex digits, an eighth of them or more letters, as in any
 * hash or trace id; a card number glued to a letter or two is not one) replaced by letters: its digit runs
 * are the id's. One pass over the words.
 */
function withoutHexIds(text: string): string {
  const parts: string[] = [];
  let at = 0;
  let i = 0;
  while (i < text.length) {
    if (!isAlnum(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    let hex = true;
    let letters = 0;
    for (; i < text.length && isAlnum(text.charCodeAt(i)); i++) {
      const c = text.charCodeAt(i);
      hex &&= isHex(c);
      if (!isDigit(c)) letters++;
    }
    if (hex && i - start >= 16 && letters * 8 >= i - start) {
      parts.push(text.slice(at, start), 'x'.repeat(i - start));
      at = i;
    }
  }
  if (at === 0) return text;
  parts.push(text.slice(at));
  return parts.join('');
}

/** 8-4-4-4-12 hex digits at `start`, not inside a longer word. */
function isUuidAt(text: string, start: number): boolean {
  if (start + 36 > text.length || isAlnum(text.charCodeAt(start - 1)) || isAlnum(text.charCodeAt(start + 36)))
    return false;
  for (let i = 0; i < 36; i++) {
    const dash = i === 8 || i === 13 || i === 18 || i === 23;
    if (dash ? text.charCodeAt(start + i) !== 45 : !isHex(text.charCodeAt(start + i))) return false;
  }
  return true;
}

/** Words before a number that say what it is: `CPF12345678909` is a CPF, not an id. */
const LABELS = new Set([
  'cpf',
  'cnpj',
  'tel',
  'fone',
  'cel',
  'phone',
  'telefone',
  'celular',
  'whatsapp',
  'doc',
  'rg',
  'card',
  'cartao',
  'conta',
  'documento',
  'cliente',
]);

/** The letters right before `at` (a word of up to 12), lower-cased; '' when there are none or more. */
function wordBefore(text: string, at: number): string {
  let start = at;
  while (start > 0 && at - start <= 12 && isLetter(text.charCodeAt(start - 1))) start--;
  return at - start > 12 || isAlnum(text.charCodeAt(start - 1)) ? '' : text.slice(start, at).toLowerCase();
}

/** A bare digit string inside a word that is none of the numbers a person or account has (see above). */
function isIdDigits(text: string, groups: Group[]): boolean {
  if (isFloatMantissa(text, groups)) return true;
  if (groups.length !== 1) return false;
  const { start, end } = groups[0] as Group;
  const inWord = isLetter(text.charCodeAt(end)) || isLetter(text.charCodeAt(start - 1));
  if (!inWord || text.charCodeAt(start - 1) === 43 || LABELS.has(wordBefore(text, start))) return false;
  const digits = text.slice(start, end);
  return !isDocumentNumber(digits) && !isLuhnCard(digits) && !isBrazilianPhone(digits);
}

/** `1.2345678901234` of `1.2345678901234e+40`: a number in scientific notation. */
function isFloatMantissa(text: string, groups: Group[]): boolean {
  const end = (groups[groups.length - 1] as Group).end;
  if (groups.length !== 2 || groups[1]?.gap !== '.' || (text.charCodeAt(end) | 0x20) !== 101) return false;
  const sign = text.charCodeAt(end + 1) === 43 || text.charCodeAt(end + 1) === 45 ? 1 : 0;
  return isDigit(text.charCodeAt(end + 1 + sign));
}

/** 13 to 19 digits whose last is their Luhn check digit. */
function isLuhnCard(digits: string): boolean {
  if (digits.length < 13 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[digits.length - 1 - i]);
    sum += i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d;
  }
  return sum % 10 === 0;
}

/** An area code (11-99) and a landline (2-5 then 7 digits) or mobile (9 then 8) number, with 55 or not. */
function isBrazilianPhone(digits: string): boolean {
  const national =
    (digits.length === 12 || digits.length === 13) && digits.startsWith('55') ? digits.slice(2) : digits;
  if (national[0] === '0' || national[1] === '0') return false;
  if (national.length === 11) return national[2] === '9';
  return national.length === 10 && national[2] !== undefined && '2345'.includes(national[2]);
}

/**
 * `,` and `_` join groups only into a CPF or a CNPJ, told by its check digits (`[100,200,300,40]` is a list);
 * elsewhere (lists, names) they part them.
 */
function withoutWeakGaps(text: string, groups: Group[]): Group[][] {
  if (!groups.some((g) => hasWeakGap(g.gap))) return [groups];
  const digits = digitsOf(groups);
  if ((digits === 11 || digits === 14) && isDocumentNumber(digitsIn(text, groups))) return [groups];
  const parts: Group[][] = [[]];
  for (const g of groups) {
    if (hasWeakGap(g.gap)) parts.push([{ ...g, gap: '' }]);
    else parts[parts.length - 1]?.push(g);
  }
  return parts.filter((part) => part.length > 0);
}

/** Whether 11 or 14 digits are a CPF or a CNPJ by their check digits. */
function isDocumentNumber(digits: string): boolean {
  const weights =
    digits.length === 11
      ? [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]
      : digits.length === 14
        ? [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
        : undefined;
  if (!weights) return false;
  const check = (n: number) => {
    const used = weights.slice(weights.length - n);
    const rest = used.reduce((sum, w, i) => sum + w * Number(digits[i]), 0) % 11;
    return (rest < 2 ? 0 : 11 - rest) === Number(digits[n]);
  };
  return check(digits.length - 2) && check(digits.length - 1);
}

const hasWeakGap = (gap: string) => [...gap].some((c) => isWeakDigitGap(c.charCodeAt(0)));

/** The groups of the run starting at the digit at `at`. */
function readRun(text: string, at: number): Group[] {
  const groups: Group[] = [];
  let gap = '';
  let i = at;
  for (;;) {
    const start = i;
    while (i < text.length && isDigit(text.charCodeAt(i))) i++;
    groups.push({ start, end: i, gap });
    let j = i;
    while (j < text.length && j - i < 3 && isGap(text.charCodeAt(j))) j++;
    if (j === i || j >= text.length || !isDigit(text.charCodeAt(j))) return groups;
    gap = text.slice(i, j);
    if (gap.endsWith(' +')) return groups; // `... +55 11 ...`: an international number starts here
    i = j;
  }
}

const size = (g: Group) => g.end - g.start;
const isGap = (c: number) => isDigitGap(c) || isWeakDigitGap(c);

/** `groups[i..i+2]` spell a date: 2026-11-23, 2026/11/23, 23/11/2026 or 23-11-2026 (day and month in range). */
function dateAt(text: string, groups: Group[], i: number): boolean {
  const [a, b, c] = [groups[i], groups[i + 1], groups[i + 2]];
  if (!a || !b || !c || b.gap !== c.gap || (b.gap !== '-' && b.gap !== '/')) return false;
  const value = (g: Group) => Number(text.slice(g.start, g.end));
  const sizes = `${size(a)}${size(b)}${size(c)}`;
  const [day, month] =
    sizes === '422' ? [value(c), value(b)] : sizes === '224' ? [value(a), value(b)] : [0, 0];
  return day >= 1 && day <= 31 && month >= 1 && month <= 12;
}

/** The run split around the dates in it (a date is not personal data). */
function withoutDates(text: string, groups: Group[]): Group[][] {
  const parts: Group[][] = [];
  let current: Group[] = [];
  for (let i = 0; i < groups.length; i++) {
    if (dateAt(text, groups, i)) {
      parts.push(current);
      current = [];
      i += 2;
    } else current.push(groups[i] as Group);
  }
  parts.push(current);
  return parts.filter((part) => part.length > 0);
}

function classify(text: string, groups: Group[], found: Finding[]): void {
  const first = groups[0] as Group;
  const last = groups[groups.length - 1] as Group;
  const digits = digitsOf(groups);
  const prefix = internationalPrefix(text, first.start);
  const ip = isIpv4(groups) && !(digits === 11 && isDocumentNumber(digitsIn(text, groups)));
  const kind = ip
    ? undefined
    : kindOf(groups, digits, prefix !== first.start, text.charCodeAt(first.start - 1) === 40);
  if (kind)
    found.push({
      start: kind === 'phone' ? Math.min(prefix, parenAt(text, first.start)) : first.start,
      end: last.end,
      kind,
    });
}

/** Where a `+` (or `+ `, `(+`) before the first digit starts, else `at`. */
function internationalPrefix(text: string, at: number): number {
  if (text.charCodeAt(at - 1) === 43) return at - 1;
  if (text.charCodeAt(at - 1) === 32 && text.charCodeAt(at - 2) === 43) return at - 2;
  return at;
}

function parenAt(text: string, at: number): number {
  return text.charCodeAt(at - 1) === 40 ? at - 1 : at;
}

/** Four dotted groups of up to three digits; with 11 digits that are a CPF by its check digits, a CPF. */
function isIpv4(groups: Group[]): boolean {
  return groups.length === 4 && groups.every((g, i) => size(g) <= 3 && (i === 0 || g.gap === '.'));
}

const digitsIn = (text: string, groups: Group[]) => groups.map((g) => text.slice(g.start, g.end)).join('');

function kindOf(groups: Group[], digits: number, plus: boolean, paren: boolean): DataKind | undefined {
  if (plus && digits >= 8) return 'phone';
  const sizes = groups.length <= 5 ? groups.map(size).join(',') : '';
  if (digits >= 10) {
    if (digits === 11 && (sizes === '3,3,3,2' || groups.length === 1)) return 'cpf';
    if (digits === 14 && (sizes === '2,3,3,4,2' || groups.length === 1)) return 'cnpj';
    if (digits >= 13 && digits <= 19 && groups.every((g, i) => size(g) === 4 || i === groups.length - 1))
      return 'card';
    if (paren || digits <= 13) return 'phone';
    return 'number';
  }
  // A local phone number: 9123-4567, 91234 5678 (area code elsewhere or none).
  if (digits >= 8 && groups.length === 2 && (sizes === '4,4' || sizes === '5,4')) return 'phone';
  return undefined;
}
