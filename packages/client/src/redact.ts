// The one place that decides what may leave the client: every URL, header, message and cause the client
// logs (hooks), throws or serializes passes through here. Personal data (CPF, CNPJ, phone numbers,
// e-mail addresses) and credentials (Bearer tokens, JWTs, secret headers, key=value secrets) are replaced
// with `[redacted]`, whether formatted, bare, spaced or percent-encoded.

export const REDACTED = '[redacted]';

/** Between two digit groups: up to three separators, each punctuation, a space or a %XX escape (or %25XX). */
const GAP = String.raw`(?:[\s.\-/()+]|%(?:25)?[0-9A-Fa-f]{2}){0,3}`;
/** A digit group may not continue a longer number (a digit of a %XX escape before it does not count). */
const START = String.raw`(?:(?<!\d)|(?<=%[0-9A-Fa-f]{2}))`;
const END = String.raw`(?!\d)`;
const pattern = (source: string) => new RegExp(source, 'g');

/** [pattern, replacement] in order: credentials first (a JWT holds digit runs), then personal data. */
const RULES: [RegExp, string][] = [
  // Bearer/Basic credentials, anywhere (header values, messages).
  [/\b([Bb]earer|BEARER|Basic)(\s+|%20|\+)[^\s,;"'&]+/g, `$1$2${REDACTED}`],
  // A JWT: three base64url parts, the first a JSON header ("eyJ").
  [/eyJ[\w-]*\.[\w-]+(?:\.[\w-]*)?/g, REDACTED],
  // key=value / "key": "value" secrets in query strings, JSON bodies and messages.
  [
    /((?:access_?token|refresh_?token|id_?token|token|secret|client_?secret|password|passphrase|api[_-]?key)["']?\s*(?:=|:|%3[Dd])\s*["']?)[^\s"'&,;}]+/gi,
    `$1${REDACTED}`,
  ],
  // E-mail address, also with %40 for @.
  [/[\w.+-]+(?:@|%(?:25)?40)[\w-]+(?:\.[\w-]+)+/g, REDACTED],
  // CNPJ: 2.3.3/4-2 digits, any separators (or none).
  [pattern(`${START}\\d{2}${GAP}\\d{3}${GAP}\\d{3}${GAP}\\d{4}${GAP}\\d{2}${END}`), REDACTED],
  // CPF: 3.3.3-2 digits, any separators (or none).
  [pattern(`${START}\\d{3}${GAP}\\d{3}${GAP}\\d{3}${GAP}\\d{2}${END}`), REDACTED],
  // Brazilian phone: optional +55, area code (in parentheses or not), 4-5 + 4 digits.
  [
    pattern(
      `(?:(?:\\+|%(?:25)?2[Bb])\\s*55${GAP})?${START}(?:\\(|%28)?\\d{2}${GAP}9?\\d{4}${GAP}\\d{4}${END}`,
    ),
    REDACTED,
  ],
  // Any other international number: + then 8 or more digits with separators.
  [/(?:\+|%(?:25)?2[Bb])\d[\d\s().-]{7,}\d/g, REDACTED],
  // Remaining bare runs of 10 to 14 digits (CPF, CNPJ, phone numbers written some other way).
  [pattern(`${START}\\d{10,14}${END}`), REDACTED],
];

/** The text with personal data and credentials replaced by `[redacted]`. */
export function redact(text: string): string {
  let out = text;
  for (const [rule, replacement] of RULES) out = out.replace(rule, replacement);
  return out;
}

/** Header names whose values are secret as a whole; callers add their own (`redactHeaders` option). */
export const SECRET_HEADERS: readonly string[] = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
];

/** The set of secret header names: the defaults plus the caller's, lower-cased. */
export function secretHeaderSet(extra: readonly string[] = []): ReadonlySet<string> {
  return new Set([...SECRET_HEADERS, ...extra].map((name) => name.toLowerCase()));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Header values safe to log: secret headers masked whole (keeping an auth scheme), the rest redacted. */
export function redactHeaders(
  headers: Record<string, string>,
  secret: ReadonlySet<string> = secretHeaderSet(),
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'x-request-id' && UUID.test(value))
      out[name] = value; // ours: nothing personal in it
    else if (!secret.has(name)) out[name] = redact(value);
    else out[name] = /^(Bearer|Basic) /i.test(value) ? `${value.split(' ')[0]} ${REDACTED}` : REDACTED;
  }
  return out;
}
