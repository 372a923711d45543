// A curl command that sends the same request as a probe: certificate flags included, the token elided
// as $TOKEN (or $UNSCOPED_TOKEN) so the command can be pasted into a ticket. Personal data in the URL, the
// header values and the body is redacted (the contract's shared redaction): a report must not carry it. What
// had none stays as sent, so the command still runs: in the URL the placeholder is `REDACTED`, which a URL
// may hold as it is (`[redacted]` there made curl fail with "bad range in URL").
import { forgedTokenShell } from '@banking-api/conformance';
import {
  contractModel,
  createRedactor,
  defaultRedactor,
  type Redactor,
  redact,
  redactHeaderValues,
  withoutTrailingSlashes,
} from '@banking-api/contract';
import { isUnprintable } from './one-line.js';
import type { Credential, Probe, VerifyOptions } from './types.js';

/** What stands for redacted data in a URL: no character a URL would have to escape. */
export const URL_PLACEHOLDER = 'REDACTED';

let urlRedactor: Redactor | undefined;

/** A path (with its query) redacted, still a valid URL path. */
export function redactUrl(path: string): string {
  urlRedactor ??= createRedactor({ model: contractModel(), placeholder: () => URL_PLACEHOLDER });
  return urlRedactor.text(path);
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

/** The token as the shell sees it: a variable, or for a forged one an expression over $TOKEN. */
function tokenShell(credential: Exclude<Credential, 'none'>): string {
  if (credential === 'token') return '$TOKEN';
  if (credential === 'unscoped') return '$UNSCOPED_TOKEN';
  if (credential === 'expired') return '$EXPIRED_TOKEN';
  if (credential === 'other-environment') return '$OTHER_ENV_TOKEN';
  return forgedTokenShell(credential);
}

export function curlCommand(probe: Probe, options: Pick<VerifyOptions, 'target' | 'files'>): string {
  const url = `${withoutTrailingSlashes(options.target)}${redactUrl(probe.path)}`;
  const parts = ['curl', '-sS', '-i', '-X', probe.method, '--cacert', shellQuote(options.files.ca)];
  if (probe.foreignClientCertificate) parts.push('--cert "$FOREIGN_CERT" --key "$FOREIGN_KEY"');
  else if (!probe.withoutClientCertificate)
    parts.push('--cert', shellQuote(options.files.cert), '--key', shellQuote(options.files.key));
  if (probe.credential !== 'none')
    parts.push('-H', `"Authorization: Bearer ${tokenShell(probe.credential)}"`);
  for (const [name, value] of Object.entries(redactHeaderValues(probe.headers, defaultRedactor())))
    parts.push('-H', shellQuote(`${name}: ${value}`));
  if (probe.body) {
    parts.push('-H', shellQuote(`content-type: ${probe.body.contentType}`));
    parts.push('--data-binary', shellQuote(redact(probe.body.text)));
  }
  parts.push(shellQuote(url));
  return parts.join(' ');
}
