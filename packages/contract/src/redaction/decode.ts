// The text as a reader would see it, with a map back to the text as written: percent-escapes of ASCII
// characters (also doubly encoded, `%252F`) and JSON's `\uXXXX` escapes of ASCII characters are decoded, so
// `123.456.789%2D09` is found as a CPF and `"pass\u0077ord"` as a secret key, and a finding in the decoded
// text covers exactly the written characters it came from. One pass, no patterns.

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

/** Decodes the ASCII percent-escapes of `written` (once or, for `%25XX`, twice) and its ASCII `\uXXXX`. */
export function decodedView(written: string): DecodedView {
  if (!written.includes('%') && !written.includes('\\u'))
    return { text: written, from: identity(written.length) };
  const out: string[] = [];
  const from = new Int32Array(written.length + 1);
  let i = 0;
  while (i < written.length) {
    from[out.length] = i;
    const byte = escapeAt(written, i);
    // `%25` then two hex digits: the escape of an escape (`%2540` is `%40` is `@`).
    const inner = byte === 0x25 ? hexPair(written, i + 3) : -1;
    const unicode = byte < 0 ? unicodeEscapeAt(written, i) : -1;
    if (inner > 0 && inner < 0x80) {
      out.push(String.fromCharCode(inner));
      i += 5;
    } else if (unicode > 0) {
      out.push(String.fromCharCode(unicode));
      i += 6;
    } else if (byte > 0 && byte < 0x80) {
      out.push(String.fromCharCode(byte));
      i += 3;
    } else {
      out.push(written[i] as string);
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
