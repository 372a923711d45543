// The text as a reader would see it, with a map back to the text as written: percent-escapes of ASCII
// characters (also doubly encoded, `%252F`) are decoded, so `123.456.789%2D09` is found as a CPF, and a
// finding in the decoded text covers exactly the written characters it came from. One pass, no patterns.

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

/** Decodes the ASCII percent-escapes of `written` (once or, for `%25XX`, twice). */
export function decodedView(written: string): DecodedView {
  if (!written.includes('%')) return { text: written, from: identity(written.length) };
  const out: string[] = [];
  const from = new Int32Array(written.length + 1);
  let i = 0;
  while (i < written.length) {
    from[out.length] = i;
    const byte = escapeAt(written, i);
    // `%25` then two hex digits: the escape of an escape (`%2540` is `%40` is `@`).
    const inner = byte === 0x25 ? hexPair(written, i + 3) : -1;
    if (inner > 0 && inner < 0x80) {
      out.push(String.fromCharCode(inner));
      i += 5;
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
