// Credentials that look like credentials wherever they stand: JWTs (`eyJ...`), PEM private keys and
// long opaque tokens (32 or more characters of a token alphabet, mixing upper case, lower case and
// digits; a UUID has no upper case and is kept, and so is a Pix end-to-end id, `E` or `D`, 20 digits and 11
// letters or digits, which names a payment, not a person). One pass over maximal runs of token characters.
import { isDigit, isLower, isTokenChar, isUpper } from './chars.js';
import type { Finding } from './finding.js';

const OPAQUE_MIN = 32;

export function scanTokens(text: string): Finding[] {
  const found: Finding[] = scanPem(text);
  let i = 0;
  while (i < text.length) {
    if (!isTokenChar(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    let upper = false;
    let lower = false;
    let digit = false;
    let dot = false;
    for (; i < text.length && isTokenChar(text.charCodeAt(i)); i++) {
      const c = text.charCodeAt(i);
      upper ||= isUpper(c);
      lower ||= isLower(c);
      digit ||= isDigit(c);
      dot ||= c === 46;
    }
    const jwt = dot && text.startsWith('eyJ', start);
    const opaque = i - start >= OPAQUE_MIN && upper && lower && digit && !isEndToEndId(text, start, i);
    if (jwt || opaque) found.push({ start, end: i, kind: 'token' });
  }
  return found;
}

/** A Pix end-to-end (or return) id: `E` or `D`, the ISPB and the minute (20 digits), then 11 alphanumerics. */
function isEndToEndId(text: string, start: number, end: number): boolean {
  const kind = text.charCodeAt(start);
  if (end - start !== 32 || (kind !== 69 && kind !== 68)) return false;
  for (let i = start + 1; i <= start + 20; i++) if (!isDigit(text.charCodeAt(i))) return false;
  for (let i = start + 21; i < end; i++) {
    const c = text.charCodeAt(i);
    if (!isDigit(c) && !isLower(c) && !isUpper(c)) return false;
  }
  return true;
}

/** `-----BEGIN ... KEY-----` to its `-----END ...-----` (or the end of the text when cut short). */
function scanPem(text: string): Finding[] {
  const found: Finding[] = [];
  for (let at = text.indexOf('-----BEGIN'); at !== -1; at = text.indexOf('-----BEGIN', at + 1)) {
    const close = text.indexOf('-----END', at);
    const end = close === -1 ? text.length : endOfMarker(text, close);
    if (text.slice(at, at + 48).includes('PRIVATE')) found.push({ start: at, end, kind: 'key' });
    at = end - 1;
  }
  return found;
}

function endOfMarker(text: string, close: number): number {
  const dashes = text.indexOf('-----', close + 8);
  return dashes === -1 ? text.length : dashes + 5;
}
