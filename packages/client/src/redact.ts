// The one place that decides what may leave the client: every URL, header, message and cause the client
// logs (hooks), throws or serializes passes through here. The redaction itself is the one the mock uses
// too (@banking-api/contract): personal data (CPF, CNPJ, phone numbers, e-mail addresses, card numbers)
// and credentials (Bearer tokens, JWTs, opaque tokens, keys, passwords and the contract's secret fields)
// become `[redacted]`, formatted, bare, spaced or percent-encoded, in time linear in the text.
import {
  defaultRedactor,
  REDACTED,
  redact,
  redactHeaderValues,
  redactRequestId,
  SECRET_HEADERS,
  secretHeaderSet,
} from '@banking-api/contract';

export { REDACTED, redact, SECRET_HEADERS, secretHeaderSet };

/** Header values safe to log: secret headers masked whole (keeping an auth scheme), the rest redacted. */
export function redactHeaders(
  headers: Record<string, string>,
  secret: ReadonlySet<string> = secretHeaderSet(),
): Record<string, string> {
  return redactHeaderValues(headers, defaultRedactor(), secret);
}

/**
 * The call's request id as errors and hook records show it: a UUID (the client's own always are) as it
 * is, a caller's id of any other shape redacted like any text, since it may be made of personal data.
 */
export const shownRequestId = (id: string): string => redactRequestId(id, defaultRedactor());
