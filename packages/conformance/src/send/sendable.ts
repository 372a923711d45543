// Whether a request can be written as HTTP/1.1 at all, asked before it reaches undici. undici refuses a
// header name that is not a token, a value with a control character or a character past U+00FF, and the
// headers it owns (framing, upgrade) by throwing inside its connection pool, and undici 7 then counts that
// pool's connection as busy for good: after a few refusals every later request waits in the pool's queue,
// where its abort signal is not heard — a run that never ends. So such a request is never handed over.
// The rules are Node's own (node:http validateHeaderName/validateHeaderValue: the same field rules undici
// lifts from Node) and undici's list of headers a caller may not set.
import { validateHeaderName, validateHeaderValue } from 'node:http';

/** Headers undici writes itself and refuses from a caller (request framing, connection reuse, upgrades). */
const OWNED_BY_UNDICI = new Set(['transfer-encoding', 'keep-alive', 'upgrade', 'expect']);

/** What is about to go out: the target's base URL, and the request as undici would be given it. */
export interface Outgoing {
  readonly base: string;
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | undefined;
}

/** Why the request cannot be sent (one line, quoting no header value), or undefined when it can. */
export function unsendableReason({ base, method, path, headers, body }: Outgoing): string | undefined {
  if (!passes(() => validateHeaderName(method))) return 'the method is not an HTTP token';
  const target = targetProblem(base, path);
  if (target) return target;
  for (const [name, value] of Object.entries(headers)) {
    const problem = headerProblem(name, value);
    if (problem) return problem;
  }
  const length = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-length')?.[1];
  if (length !== undefined && body !== undefined && Number(length) !== Buffer.byteLength(body))
    return 'header content-length does not match the body';
  return undefined;
}

function targetProblem(base: string, path: string): string | undefined {
  if (!path.startsWith('/')) return 'the path does not start with "/"';
  // WHATWG URL drops tabs and line breaks anywhere and controls at the end: what went would not be the path.
  const control = [...path].find((char) => char < ' ' || char === '\x7f');
  if (control) return `the path holds a control character (${codePoint(control)})`;
  let url: URL;
  try {
    url = new URL(`${base}${path}`);
  } catch {
    return 'the path does not make a URL with the target';
  }
  // WHATWG URL percent-encodes spaces and characters past ASCII; the origin must stay the target's.
  if (url.origin !== new URL(base).origin) return 'the path would change the target host';
  return undefined;
}

function headerProblem(name: string, value: string): string | undefined {
  const shown = JSON.stringify(name.slice(0, 40)).replace(/[^ -~]/g, codePoint); // one plain line
  if (!passes(() => validateHeaderName(name))) return `header name ${shown} is not an HTTP token`;
  const lower = name.toLowerCase();
  if (OWNED_BY_UNDICI.has(lower)) return `header ${lower} is set by the HTTP client, not by a request`;
  if (!passes(() => validateHeaderValue(name, value)))
    return `header ${lower} holds a character a header value cannot carry (${firstBadCharacter(value)})`;
  if (lower === 'content-length' && !/^\d+$/.test(value)) return 'header content-length is not a number';
  if (
    lower === 'connection' &&
    !value.split(',').every((token) => passes(() => validateHeaderName(token.trim())))
  )
    return 'header connection is not a list of HTTP tokens';
  return undefined;
}

function passes(validate: () => void): boolean {
  try {
    validate();
    return true;
  } catch {
    return false;
  }
}

/** The first character outside a header value's range, as a code point (never the value itself). */
function firstBadCharacter(value: string): string {
  for (const char of value) {
    const code = char.codePointAt(0) as number;
    if (!(code === 9 || (code >= 0x20 && code <= 0x7e) || (code >= 0x80 && code <= 0xff)))
      return codePoint(char);
  }
  return 'none found';
}

const codePoint = (char: string) =>
  `U+${(char.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
