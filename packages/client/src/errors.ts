export type TransportErrorKind =
  | 'tls-handshake'
  | 'dns'
  | 'connection-refused'
  | 'timeout'
  | 'connection-reset'
  | 'unknown';

/** A request that got no HTTP answer. The message says what most likely went wrong and what to check. */
export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    readonly kind: TransportErrorKind,
    message: string,
    /** The underlying error code (e.g. `ECONNREFUSED`, `UND_ERR_SOCKET`), when there is one. */
    readonly code: string | undefined,
    readonly attempts: number,
  ) {
    super(message);
  }
}

/** Facts the hint can use; nothing secret. */
export interface FailureContext {
  method: string;
  url: string;
  environment: string | undefined;
  timeoutMs: number;
  /** Subject and expiry of the configured client certificate, or undefined when none is configured. */
  certificate: { subject: string; validTo: Date } | undefined;
  /** A TLS 1.3 connection closed before the server confirmed the handshake (no session ticket). */
  handshakeRejected: boolean;
  attempts: number;
}

const TLS_CODE = /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;
const SERVER_CERT_CODE =
  /^(CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_TLS_CERT_ALTNAME|HOSTNAME_MISMATCH)/;

function codeOf(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

function clientCertHint(ctx: FailureContext): string {
  const env = ctx.environment ? ` for ${ctx.environment}` : '';
  if (!ctx.certificate)
    return `no client certificate is configured: pass \`tls: { cert, key }\` or \`tls: { pfx }\`${env}`;
  const { subject, validTo } = ctx.certificate;
  if (validTo.getTime() < Date.now())
    return `the client certificate (${subject}) expired on ${validTo.toISOString()}: renew it`;
  return `check that the client certificate (${subject}, valid to ${validTo.toISOString()}) is issued for this environment${env} and not revoked, and that \`baseUrl\` points at that environment`;
}

/** Turns whatever undici/node threw into a TransportError with a hint. */
export function toTransportError(error: unknown, ctx: FailureContext): TransportError {
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  const target = `${ctx.method} ${ctx.url}${ctx.environment ? ` (${ctx.environment})` : ''}`;
  const make = (kind: TransportErrorKind, hint: string) =>
    new TransportError(kind, `${target} failed: ${hint} [${code ?? message}]`, code, ctx.attempts);

  if (
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT'
  )
    return make(
      'timeout',
      `no complete answer within ${ctx.timeoutMs} ms: check that the server is reachable and healthy, or raise \`timeoutMs\``,
    );
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return make('dns', `the host name of \`baseUrl\` does not resolve: check \`baseUrl\` and DNS`);
  if (code === 'ECONNREFUSED')
    return make(
      'connection-refused',
      `nothing accepts connections at \`baseUrl\`: check host and port, and that the server is running`,
    );
  if (code && SERVER_CERT_CODE.test(code))
    return make(
      'tls-handshake',
      `the server's certificate is not trusted: check \`tls.ca\` (the CA bundle of the server) and that \`baseUrl\` uses the certificate's host name`,
    );
  if (
    (code && TLS_CODE.test(code)) ||
    message.includes('before secure TLS connection was established') ||
    ctx.handshakeRejected
  )
    return make(
      'tls-handshake',
      `the server refused the TLS handshake (over TLS 1.3 this shows as "other side closed"): ${clientCertHint(ctx)}`,
    );
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED')
    return make(
      'connection-reset',
      `the connection was closed before the answer arrived: a proxy or the server dropped it; safe requests are retried`,
    );
  return make('unknown', `unexpected transport failure: ${message}`);
}
