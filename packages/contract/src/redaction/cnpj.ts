// Alphanumeric CNPJs (IN RFB 2.229/2024, issued from July 2026): twelve characters, letters or digits, then two
// check digits, each mod 11 over the characters' codes minus 48 (so a digit weighs as itself and `A` as 17),
// with the weights of the numeric CNPJ. Written bare (`12ABC34501DE35`) or punctuated as the numeric one is
// (`12.ABC.345/01DE-35`), in upper or lower case, percent-encoded or in look-alike characters (decoded before
// this scan), or glued to its label (`cnpj12ABC34501DE35`). A word is read only where it starts, and at most 18
// characters of it: linear in the text. Bare, a word is one only by its check digits (a 14-character id that
// happens to end in two digits is kept, but for one in about a hundred); punctuated, the shape is enough, as
// for the numeric one. All-digit CNPJs are the number scanner's (numbers.ts).
import { isAlnum, isDigit, isDigitGap, isLetter, isWeakDigitGap } from './chars.js';
import type { Finding } from './finding.js';

const GROUPS = [2, 3, 3, 4, 2];
const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** The value of a CNPJ character: its upper-case code minus 48 (`0`-`9` → 0-9, `A` → 17 ... `Z` → 42). */
const charValue = (c: number) => (c >= 97 ? c - 32 : c) - 48;

function checkDigit(chars: number[], weights: number[]): number {
  let sum = 0;
  for (const [i, weight] of weights.entries()) sum += charValue(chars[i] as number) * weight;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The two check digits of a CNPJ from its first 12 characters: digits, or letters and digits from July 2026. */
export function cnpjCheckDigits(base12: string): string {
  const chars = [...base12.toUpperCase()].map((c) => c.charCodeAt(0));
  if (chars.length !== 12 || !chars.every(isAlnum))
    throw new TypeError('a CNPJ starts with 12 letters or digits');
  const first = checkDigit(chars, FIRST_WEIGHTS);
  return `${first}${checkDigit([...chars, 48 + first], SECOND_WEIGHTS)}`;
}

/** Whether 14 character codes (12 letters or digits, 2 digits) are a CNPJ by its check digits. */
export function isCnpjByCheckDigits(chars: number[]): boolean {
  if (chars.length !== 14 || !isDigit(chars[12] as number) || !isDigit(chars[13] as number)) return false;
  const first = checkDigit(chars, FIRST_WEIGHTS);
  return (
    first === (chars[12] as number) - 48 && checkDigit(chars, SECOND_WEIGHTS) === (chars[13] as number) - 48
  );
}

interface Read {
  end: number;
  chars: number[];
  /** Punctuated as `12.ABC.345/01DE-35` is. */
  canonical: boolean;
}

/** `size` letters or digits at `at` pushed onto `chars`; false when there are fewer. */
function readGroup(text: string, at: number, size: number, chars: number[]): boolean {
  for (let k = 0; k < size; k++) {
    const c = text.charCodeAt(at + k);
    if (!isAlnum(c)) return false;
    chars.push(c);
  }
  return true;
}

const isGap = (c: number) => isDigitGap(c) || isWeakDigitGap(c);

/** The CNPJ written at `at`, bare (14 letters or digits) or as five groups parted by one gap each. */
function readCnpj(text: string, at: number): Read | undefined {
  const chars: number[] = [];
  let i = at;
  let gaps = '';
  if (isAlnum(text.charCodeAt(at + 2))) {
    if (!readGroup(text, i, 14, chars)) return undefined;
    i += 14;
  } else
    for (const [g, size] of GROUPS.entries()) {
      if (g > 0) {
        if (!isGap(text.charCodeAt(i))) return undefined;
        gaps += text[i];
        i++;
      }
      if (!readGroup(text, i, size, chars)) return undefined;
      i += size;
    }
  if (isAlnum(text.charCodeAt(i))) return undefined; // part of a longer word
  return { end: i, chars, canonical: gaps === '../-' };
}

/** Where a CNPJ may start in the word at `at`: there, and after a glued `cnpj` label. */
function startsIn(text: string, at: number): number[] {
  const label = text.slice(at, at + 4).toLowerCase() === 'cnpj' && isAlnum(text.charCodeAt(at + 4));
  return label ? [at, at + 4] : [at];
}

/** The alphanumeric CNPJs of `text` (those with at least one letter; all-digit ones are numbers.ts's). */
export function scanAlphanumericCnpjs(text: string): Finding[] {
  const found: Finding[] = [];
  for (let at = 0; at < text.length; at++) {
    if (!isAlnum(text.charCodeAt(at)) || isAlnum(text.charCodeAt(at - 1))) continue;
    for (const start of startsIn(text, at)) {
      const cnpj = readCnpj(text, start);
      if (!cnpj?.chars.slice(0, 12).some(isLetter)) continue;
      if (cnpj.canonical || isCnpjByCheckDigits(cnpj.chars))
        found.push({ start, end: cnpj.end, kind: 'cnpj' });
    }
  }
  return found;
}
