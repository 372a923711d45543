// Who the docs server answers: a browser tab of its own origin on this machine, nothing else. It listens on
// 127.0.0.1, but a web page elsewhere can still reach it through the reader's browser: by DNS rebinding (a
// name of the attacker's that resolves to 127.0.0.1, so the request names a foreign Host) or by a cross-site
// request (a form or a `no-cors` fetch, whose Origin is the other site, or `null` from a sandboxed frame or a
// file). The Host is checked on every request (a rebound page must not even read the site, which carries the
// try-it secret); the try-it routes also need their own Origin and the per-server secret the page carries.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The names a browser on this machine may use for the server. */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** `Host` names this server (a loopback name and the port it listens on); nothing else does. */
export function ownHost(req: IncomingMessage): string | undefined {
  const host = req.headers.host;
  const port = req.socket.localPort;
  if (typeof host !== 'string' || port === undefined) return undefined;
  return LOOPBACK_NAMES.some((name) => host.toLowerCase() === `${name}:${port}`) ? host : undefined;
}

/**
 * Why a request to a try-it route is not from a page of this server, or undefined when it is: its Origin (when
 * the browser sends one; `null` never passes), its Fetch metadata, and the secret of the page's meta tag.
 */
export function notFromOwnPage(req: IncomingMessage, secret: string): string | undefined {
  const host = ownHost(req);
  if (!host) return 'the Host is not this server';
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`)
    return `requests from ${origin === 'null' ? 'an opaque origin' : 'another origin'} are refused`;
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return `requests from a ${site} page are refused`;
  const given = req.headers[TRY_IT_SECRET_HEADER];
  if (typeof given !== 'string' || !sameSecret(given, secret))
    return `the request lacks the page's try-it secret (${TRY_IT_SECRET_HEADER})`;
  return undefined;
}

/** The header the try-it panel sends the page's secret in: a custom header, so a cross-site one is preflighted. */
export const TRY_IT_SECRET_HEADER = 'x-try-it-secret';

/** A fresh secret for one server: 32 random bytes, base64url. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
