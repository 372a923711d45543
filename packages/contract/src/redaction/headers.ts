// Header values safe to show: secret headers masked whole (the auth scheme kept, for debugging), the
// client's own request ids kept when they are plain UUIDs, every other value redacted as text.
import type { Redactor } from './redactor.js';

/** Header names whose values are secret as a whole; callers add their own. */
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

const SCHEMES = new Set(['bearer', 'basic', 'digest', 'negotiate']);

function isUuid(value: string): boolean {
  if (value.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const c = value.charCodeAt(i) | 0x20;
    const dash = i === 8 || i === 13 || i === 18 || i === 23;
    if (dash ? value[i] !== '-' : !((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/** A request id as it may be shown: kept when it is a plain UUID, otherwise redacted as any text. */
export function redactRequestId(value: string, redactor: Redactor): string {
  return isUuid(value) ? value : redactor.text(value);
}

/** A secret header's value: `Bearer [redacted]` keeps its scheme, anything else is masked whole. */
export function maskSecret(value: string, placeholder: string): string {
  const space = value.indexOf(' ');
  const scheme = space > 0 ? value.slice(0, space) : '';
  return SCHEMES.has(scheme.toLowerCase()) ? `${scheme} ${placeholder}` : placeholder;
}

/** Headers (node:http's shape or plain strings) with secret values masked and the rest redacted. */
export function redactHeaderValues(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
  redactor: Redactor,
  secret: ReadonlySet<string> = secretHeaderSet(),
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const value = typeof raw === 'string' ? raw : raw.join(', ');
    const lower = name.toLowerCase();
    if (lower === 'x-request-id' && isUuid(value)) out[name] = value;
    else if (secret.has(lower) || redactor.isSecretKey(lower))
      out[name] = maskSecret(value, redactor.placeholder('secret'));
    else out[name] = redactor.text(value);
  }
  return out;
}
