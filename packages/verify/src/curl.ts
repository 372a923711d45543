// A curl command that sends the same request as a probe: certificate flags included, the token elided
// as $TOKEN (or $UNSCOPED_TOKEN) so the command can be pasted into a ticket. It runs as pasted: the
// contract's own test values stay as sent, and personal data or a secret in the URL, the header values or
// the body becomes a shell variable the command names (personal-values.ts), never `[redacted]`, which made
// a pasted body fail validation instead of showing the deviation. The report's own request path keeps the
// redaction (`REDACTED` in a URL: `[redacted]` there made curl fail with "bad range in URL").
import { forgedTokenShell, isJwsMediaType } from '@banking-api/conformance';
import {
  contractModel,
  createRedactor,
  defaultRedactor,
  type Redactor,
  redactHeaderValues,
  withoutTrailingSlashes,
} from '@banking-api/contract';
import { shielded } from './generated-values.js';
import { isUnprintable } from './one-line.js';
import { jsonPieces, type Piece, textPieces, Variables } from './personal-values.js';
import type { Credential, Probe, VerifyOptions } from './types.js';

/** What stands for redacted data in a URL: no character a URL would have to escape. */
export const URL_PLACEHOLDER = 'REDACTED';

let urlRedactor: Redactor | undefined;

/** A path (with its query) redacted, still a valid URL path; values verify generated stay as sent. */
export function redactUrl(path: string, generated?: readonly string[]): string {
  urlRedactor ??= createRedactor({ model: contractModel(), placeholder: () => URL_PLACEHOLDER });
  const redactor = urlRedactor;
  return shielded(path, generated, (t) => redactor.text(t));
}

const isControl = (c: string) => isUnprintable(c.charCodeAt(0));
const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\', "'": "\\'" };

/** `\xHH` for ASCII controls, `\uHHHH` for the others (a `\xHH` there would be one raw byte, not the character). */
const escaped = (c: string) => {
  const code = c.charCodeAt(0);
  return code < 0x80
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** Quotes for a POSIX shell: '…' for plain text, $'…' when the text holds control characters. */
export function shellQuote(text: string): string {
  const chars = [...text];
  if (!chars.some(isControl)) return `'${text.replaceAll("'", `'\\''`)}'`;
  return `$'${chars.map((c) => named[c] ?? (isControl(c) ? escaped(c) : c)).join('')}'`;
}

const OWNED = new Set(['authorization', 'content-type']);

/** The token as the shell sees it: a variable, or for a forged one an expression over $TOKEN. */
function tokenShell(credential: Exclude<Credential, 'none'>): string {
  if (credential === 'token') return '$TOKEN';
  if (credential === 'unscoped') return '$UNSCOPED_TOKEN';
  if (credential === 'expired') return '$EXPIRED_TOKEN';
  if (credential === 'other-environment') return '$OTHER_ENV_TOKEN';
  return forgedTokenShell(credential);
}

export function curlCommand(probe: Probe, options: Pick<VerifyOptions, 'target' | 'files'>): string {
  const variables = new Variables();
  const url = `${withoutTrailingSlashes(options.target)}${probe.path}`;
  const parts = ['curl', '-sS', '-i', '-X', probe.method, '--cacert', shellQuote(options.files.ca)];
  if (probe.foreignClientCertificate) parts.push('--cert "$FOREIGN_CERT" --key "$FOREIGN_KEY"');
  else if (!probe.withoutClientCertificate)
    parts.push('--cert', shellQuote(options.files.cert), '--key', shellQuote(options.files.key));
  if (probe.credential !== 'none')
    parts.push('-H', `"Authorization: Bearer ${tokenShell(probe.credential)}"`);
  const masked = redactHeaderValues(probe.headers, defaultRedactor());
  const { generated } = probe;
  for (const [name, value] of Object.entries(probe.headers)) {
    // Sent as the engine sends them: the credential owns authorization, the body content-type (a header
    // parameter the contract declares under either name is replaced, never sent beside them).
    if (OWNED.has(name.toLowerCase())) continue;
    const pieces = textPieces(`${name}: ${value}`, variables, generated);
    // A header secret by its name (an API key) is masked whole, whatever its value looks like.
    const secret = masked[name] !== value && pieces.every((p) => 'text' in p);
    const whole = (): Piece => ({ variable: variables.name(name), what: `${name} (kept out of the report)` });
    parts.push('-H', quotePieces(secret ? [{ text: `${name}: ` }, whole()] : pieces));
  }
  if (probe.body) {
    parts.push('-H', shellQuote(`content-type: ${probe.body.contentType}`));
    const { text } = probe.body;
    // A JWS body is one verify signed itself (jws-body.ts) over the contract's example: test data, kept.
    const own = isJwsMediaType(probe.body.contentType) ? [...(generated ?? []), text] : generated;
    const body = jsonPieces(text, variables, own) ?? textPieces(text, variables, own);
    parts.push('--data-binary', quotePieces(body));
  }
  parts.push(quotePieces(textPieces(url, variables, generated)));
  return parts.join(' ');
}

/** Pieces as one shell word: text quoted, each variable as "${NAME:?what}" (the shell stops without it). */
export function quotePieces(pieces: readonly Piece[]): string {
  if (pieces.length === 0) return "''";
  return pieces.map((p) => ('text' in p ? shellQuote(p.text) : `"\${${p.variable}:?${p.what}}"`)).join('');
}
