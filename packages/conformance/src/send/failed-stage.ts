// Whether a request that got no answer reached the server: a refused or unresolvable address, a connect
// time-out or a failed TLS handshake did not (the setup is wrong, or the server is down); a time-out
// waiting for the answer, a socket the server closed or reset, an answer too large did (that operation
// deviates). Read from the innermost cause's code, which undici and Node's TLS set.
import type { FailedStage } from '../types.js';

/** Codes of a connection that never reached the point of sending the request. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'HOSTNAME_MISMATCH',
]);

/** Prefixes of TLS and certificate codes (OpenSSL's verify codes, Node's TLS and OpenSSL errors). */
const TLS_PREFIXES = ['ERR_TLS_', 'ERR_SSL_', 'ERR_OSSL_', 'UNABLE_TO_', 'CERT_'];

export interface Cause {
  readonly message?: string;
  /** A string for Node and undici errors; a number for a DOMException (an abort). */
  readonly code?: string | number;
}

/** The innermost cause of an error: undici wraps TLS and socket errors. */
export function innermostCause(error: unknown): Cause {
  let current = error as (Cause & { cause?: unknown }) | undefined;
  while (current?.cause) current = current.cause as typeof current;
  return current ?? {};
}

export function failedStageOf(error: unknown): FailedStage {
  const { code } = innermostCause(error);
  if (typeof code !== 'string') return 'answer'; // an abort at the deadline carries a numeric code
  return NOT_CONNECTED.has(code) || isTlsCode(code) ? 'connect' : 'answer';
}

/** A certificate or handshake failure: the --ca, --cert or --key given, or the server's certificate. */
export const isTlsCode = (code: string): boolean => TLS_PREFIXES.some((prefix) => code.startsWith(prefix));
