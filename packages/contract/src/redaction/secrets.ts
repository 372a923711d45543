// Secrets named by their key: `password=...`, `"access_token": "..."`, `senha: ...`, in query strings,
// form and JSON bodies, headers written out and messages; and credentials after an auth scheme
// (`Bearer ...`, `basic ...`, any case). A value follows its key after `=`, `:`, `=>`, `:=` or a tab, or
// as an XML element's text (`<password>...</password>`). Keys are read as words; a word is read once, and a value ends
// at the first character that ends values, so the scan is linear.
import { isKeyChar, isSpace } from './chars.js';
import type { Finding } from './finding.js';

/** Key names (lower case, without `_ - .`) whose value is a secret, whatever else the name says. */
export const SECRET_KEY_SUFFIXES: readonly string[] = [
  'password',
  'passwd',
  'senha',
  'passphrase',
  'secret',
  'token',
  'apikey',
  'privatekey',
  'signature',
  'cookie',
  'pixkey',
];

/** Key names (same spelling) that are secrets only as a whole word. */
export const SECRET_KEYS: readonly string[] = [
  'pwd',
  'pass',
  'pin',
  'cvv',
  'cvv2',
  'cvc',
  'securitycode',
  'cardnumber',
  'pan',
  'otp',
  'key',
  'authorization',
  'credential',
  'credentials',
  'assertion',
];

/** A key name in the spelling the scanner compares: lower case, without `_`, `-` and `.`. */
export function keyName(name: string): string {
  let out = '';
  for (const ch of name.toLowerCase()) if (ch !== '_' && ch !== '-' && ch !== '.') out += ch;
  return out;
}

/** Whether a key names a secret, by the lists above or the caller's own names (already `keyName`d). */
export function secretKeyTest(extra: ReadonlySet<string> = new Set()): (name: string) => boolean {
  const whole = new Set([...SECRET_KEYS, ...extra]);
  return (name) => {
    const key = keyName(name);
    return whole.has(key) || SECRET_KEY_SUFFIXES.some((suffix) => key.endsWith(suffix));
  };
}

/** Longer words are no key names (and are not copied). */
const MAX_KEY = 64;

const SCHEMES = new Set(['bearer', 'basic', 'digest', 'negotiate']);

/** Characters that end an unquoted value: space, `& , ; } ] " ' < ?`. */
const endsValue = (c: number) =>
  isSpace(c) ||
  c === 38 ||
  c === 44 ||
  c === 59 ||
  c === 125 ||
  c === 93 ||
  c === 34 ||
  c === 39 ||
  c === 60 ||
  c === 63;

export function scanSecrets(text: string, isSecretKey: (name: string) => boolean): Finding[] {
  const found: Finding[] = [];
  let i = 0;
  while (i < text.length) {
    if (!isKeyChar(text.charCodeAt(i)) || (i > 0 && isKeyChar(text.charCodeAt(i - 1)))) {
      i++;
      continue;
    }
    const start = i;
    while (i < text.length && isKeyChar(text.charCodeAt(i))) i++;
    if (i - start > MAX_KEY) continue;
    const word = text.slice(start, i);
    const value = SCHEMES.has(word.toLowerCase())
      ? schemeCredential(text, i)
      : isSecretKey(word)
        ? (elementText(text, start, i) ?? keyedValue(text, i))
        : undefined;
    if (value && value.end > value.start) {
      found.push({ ...value, kind: 'secret' });
      i = value.end;
    }
  }
  return found;
}

/** The credential after a scheme word: `Bearer abc`, `Basic%20abc` (decoded), `bearer+abc`. */
function schemeCredential(text: string, at: number): { start: number; end: number } | undefined {
  let i = at;
  while (i < text.length && isSchemeGap(text.charCodeAt(i)) && i - at < 8) i++;
  if (i === at) return undefined;
  const start = i;
  while (i < text.length && isToken68(text.charCodeAt(i))) i++;
  while (i < text.length && text.charCodeAt(i) === 61) i++;
  return { start, end: i };
}

/** Between a scheme and its credential: space, tab, `+` (a form-encoded space). */
const isSchemeGap = (c: number) => c === 32 || c === 9 || c === 43;

/** `<password>hunter2</password>`: the text of an element named by a secret key, to the next `<`. */
function elementText(text: string, start: number, end: number): { start: number; end: number } | undefined {
  if (text.charCodeAt(start - 1) !== 60 || text.charCodeAt(end) !== 62) return undefined;
  const close = text.indexOf('<', end + 1);
  return { start: end + 1, end: close === -1 ? text.length : close };
}

/** RFC 9110's token68 (a credential after its scheme), without the trailing `=`s. */
const isToken68 = (c: number) => isKeyChar(c) || c === 46 || c === 126 || c === 43 || c === 47;

/** The value after a secret key: `=v`, `: v`, `":"v"`, `' = 'v'`; quoted values to their closing quote. */
function keyedValue(text: string, at: number): { start: number; end: number } | undefined {
  let i = at;
  while (isQuoteOrEscape(text.charCodeAt(i)) && i - at < 2) i++; // `"key":`, `\"key\":` (JSON in JSON)
  const tab = text.charCodeAt(i) === 9; // `password<TAB>hunter2`, as tab-separated logs write it
  while (i < text.length && isSpace(text.charCodeAt(i)) && i - at < 16) i++;
  const sep = text.charCodeAt(i);
  if (sep === 61 || sep === 58) {
    i++;
    if (text.charCodeAt(i) === 62 || (sep === 58 && text.charCodeAt(i) === 61)) i++; // `=>`, `:=`
  } else if (!tab) return undefined;
  while (i < text.length && isSpace(text.charCodeAt(i)) && i - at < 32) i++;
  if (text.charCodeAt(i) === 92) i++;
  const open = text.charCodeAt(i);
  if (open === 34 || open === 39) return quoted(text, i + 1, open);
  const start = i;
  while (i < text.length && !endsValue(text.charCodeAt(i))) i++;
  const value = text.slice(start, i).toLowerCase();
  // `Authorization: Bearer x`: the scheme stays, the credential is the scheme's (scanned next).
  if (SCHEMES.has(value)) return undefined;
  return { start, end: i };
}

const isQuoteOrEscape = (c: number) => c === 34 || c === 39 || c === 92;

/** A quoted value from `start` to its closing quote (a backslash escapes the next character). */
function quoted(text: string, start: number, quote: number): { start: number; end: number } {
  let i = start;
  while (i < text.length && text.charCodeAt(i) !== quote) i += text.charCodeAt(i) === 92 ? 2 : 1;
  return { start, end: Math.min(i, text.length) };
}
