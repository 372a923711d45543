// The text as a reader would see it, with a map back to the text as written: percent-escapes of ASCII
// characters (also doubly encoded, `%252F`), UTF-8 escapes of look-alike and invisible characters (`%EF%BC%91`, a
// full-width digit, read as its ASCII below) and JSON's `\uXXXX` escapes of ASCII characters are decoded, so
// `123.456.789%2D09` is found as a CPF and `"pass\u0077ord"` as a secret key; look-alike characters are read
// as the ASCII they stand for (full-width `１２３` and `＠`, en and em dashes, thin and other spaces) and
// zero-width ones are dropped, so `123\u200b456` is one number; and a finding in the decoded text covers
// exactly the written characters it came from. One pass, no patterns.

export interface DecodedView {
  /** The decoded text. */
  readonly text: string;
  /** `from[i]`: where decoded character `i` starts in the written text; `from[text.length]` is its end. */
  readonly from: Int32Array;
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  if (lower >= 97 && lower <= 102) return lower - 87;
  return -1;
}

function hexPair(written: string, at: number): number {
  const high = hexValue(written.charCodeAt(at));
  const low = hexValue(written.charCodeAt(at + 1));
  return high < 0 || low < 0 ? -1 : high * 16 + low;
}

/** The byte value of the escape `%XX` at `at`, or -1. */
function escapeAt(written: string, at: number): number {
  return written.charCodeAt(at) === 37 ? hexPair(written, at + 1) : -1;
}

/** The character of the JSON escape `\uXXXX` at `at` when it is ASCII, or -1. */
function unicodeEscapeAt(written: string, at: number): number {
  if (written.charCodeAt(at) !== 92 || written.charCodeAt(at + 1) !== 117) return -1; // backslash, u
  const high = hexPair(written, at + 2);
  const low = hexPair(written, at + 4);
  return high === 0 && low > 0 && low < 0x80 ? low : -1;
}

/**
 * The character of the UTF-8 sequence of escapes at `at` (`%EF%BC%91`, a full-width `1`) and how many
 * characters it takes, or undefined: a lead byte of two to four bytes followed by as many continuation escapes.
 */
function utf8EscapesAt(
  written: string,
  at: number,
  lead: number,
): { code: number; length: number } | undefined {
  const count = lead >= 0xf0 && lead <= 0xf4 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 && lead < 0xe0 ? 2 : 0;
  if (count === 0) return undefined;
  let code = lead & (0xff >> (count + 1));
  for (let k = 1; k < count; k++) {
    const byte = escapeAt(written, at + 3 * k);
    if (byte < 0x80 || byte > 0xbf) return undefined;
    code = (code << 6) | (byte & 0x3f);
  }
  const least = count === 2 ? 0x80 : count === 3 ? 0x800 : 0x10000;
  return code < least || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)
    ? undefined
    : { code, length: 3 * count };
}

/**
 * The UTF-8 escapes at `at` when they spell a look-alike (its ASCII) or an invisible character (-1: dropped),
 * and how many characters they take; other characters stay as written.
 */
function escapedLookAlike(
  written: string,
  at: number,
  lead: number,
): { ascii: number; length: number } | undefined {
  const escaped = utf8EscapesAt(written, at, lead);
  if (!escaped) return undefined;
  const ascii = asciiLookAlike(escaped.code);
  if (ascii < 0 && !isInvisible(escaped.code)) return undefined;
  return { ascii, length: escaped.length };
}

/** Zero-width characters (and the soft hyphen): dropped from the view. */
const isInvisible = (c: number) => (c >= 0x200b && c <= 0x200d) || c === 0x2060 || c === 0xfeff || c === 0xad;

/** The ASCII character a look-alike stands for, or -1 (`ＡＢ１＠`, dashes, wide and narrow spaces). */
export function asciiLookAlike(c: number): number {
  if (c < 0xa0) return -1;
  if (c >= 0xff01 && c <= 0xff5e) return c - 0xfee0; // full-width forms
  if ((c >= 0x2010 && c <= 0x2015) || c === 0x2212 || c === 0xfe63 || c === 0xff0d) return 45; // dashes, minus
  if (c === 0xa0 || (c >= 0x2000 && c <= 0x200a) || c === 0x202f || c === 0x205f || c === 0x3000) return 32;
  if (c === 0x2215 || c === 0x2044) return 47; // division and fraction slashes
  if (c === 0xb7 || c === 0x2024 || c === 0x2027 || c === 0x30fb) return 46; // middle dots, one-dot leader
  if (c === 0xfe6b) return 64; // small commercial at
  return -1;
}

/** Whether the text has anything the view changes (else the view is the text itself). */
function needsDecoding(written: string): boolean {
  for (let i = 0; i < written.length; i++) {
    const c = written.charCodeAt(i);
    if (c === 37 || c === 92 || (c >= 0xa0 && (isInvisible(c) || asciiLookAlike(c) >= 0))) return true;
  }
  return false;
}

/** Decodes the ASCII percent-escapes of `written` (once or, for `%25XX`, twice) and its ASCII `\uXXXX`. */
export function decodedView(written: string): DecodedView {
  if (!needsDecoding(written)) return { text: written, from: identity(written.length) };
  const out: string[] = [];
  const from = new Int32Array(written.length + 1);
  let i = 0;
  while (i < written.length) {
    from[out.length] = i;
    const byte = escapeAt(written, i);
    // `%25` then two hex digits: the escape of an escape (`%2540` is `%40` is `@`).
    const inner = byte === 0x25 ? hexPair(written, i + 3) : -1;
    const unicode = byte < 0 ? unicodeEscapeAt(written, i) : -1;
    const escaped = byte >= 0xc2 ? escapedLookAlike(written, i, byte) : undefined;
    if (inner > 0 && inner < 0x80) {
      out.push(String.fromCharCode(inner));
      i += 5;
    } else if (unicode > 0) {
      out.push(String.fromCharCode(unicode));
      i += 6;
    } else if (byte > 0 && byte < 0x80) {
      out.push(String.fromCharCode(byte));
      i += 3;
    } else if (escaped) {
      if (escaped.ascii >= 0) out.push(String.fromCharCode(escaped.ascii));
      i += escaped.length;
    } else {
      const c = written.charCodeAt(i);
      const ascii = asciiLookAlike(c);
      if (ascii >= 0) out.push(String.fromCharCode(ascii));
      else if (!isInvisible(c)) out.push(written[i] as string);
      i += 1;
    }
  }
  from[out.length] = written.length;
  return { text: out.join(''), from: from.subarray(0, out.length + 1) };
}

function identity(length: number): Int32Array {
  const from = new Int32Array(length + 1);
  for (let i = 0; i <= length; i++) from[i] = i;
  return from;
}
