// Personal data that must not reach logs: CPF, CNPJ, e-mail addresses and phone numbers.
const PATTERNS: RegExp[] = [
  /[\w.+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+/g, // e-mail (also URL-encoded)
  /\b\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}\b/g, // CNPJ, formatted
  /\b\d{3}\.\d{3}\.\d{3}-\d{2}\b/g, // CPF, formatted
  /(?:\+|%2B)\d[\d\s().-]{7,}\d/g, // international phone
  /\b\d{10,14}\b/g, // bare CPF (11), CNPJ (14), phone (10-13) digits
];

export const REDACTED = '[redacted]';

/** The text with personal data replaced by `[redacted]`. */
export function redact(text: string): string {
  let out = text;
  for (const pattern of PATTERNS) out = out.replace(pattern, REDACTED);
  return out;
}

/** Header values safe to log: Authorization masked, the rest redacted. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] =
      name === 'authorization' || name === 'proxy-authorization' ? `Bearer ${REDACTED}` : redact(value);
  }
  return out;
}
