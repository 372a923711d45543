// What undici or Node threw, classified into the client's errors with a hint on what to check.
import { type ErrorContext, TimeoutError, TlsError, TransportError } from './errors.js';

/** Facts a hint can use; nothing secret. */
export interface FailureFacts {
  environment: string | undefined;
  timeoutMs: number;
  /** Subject and expiry of the configured client certificate, or undefined when none is configured. */
  certificate: { subject: string; validTo: Date } | undefined;
  /** A TLS 1.3 connection closed before the server confirmed the handshake (no session ticket). */
  handshakeRejected: boolean;
  /** The proxy the connection goes through (credentials redacted), or undefined for a direct connection. */
  proxy?: string | undefined;
}

/** OpenSSL's verification results for the server's certificate (X509_V_ERR_* names, as Node reports them). */
const SERVER_CERT_CODE =
  /^(CERT_|CRL_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_TLS_CERT_ALTNAME|HOSTNAME_MISMATCH|INVALID_CA|INVALID_PURPOSE|INVALID_NON_CA|PATH_LENGTH_EXCEEDED|ERROR_IN_CERT|ERROR_IN_CRL|KEYUSAGE_|UNHANDLED_CRITICAL|SUBJECT_ISSUER_MISMATCH|AKID_|INVALID_EXTENSION|INVALID_POLICY|NO_EXPLICIT_POLICY|APPLICATION_VERIFICATION|EE_KEY_TOO_SMALL|CA_KEY_TOO_SMALL|CA_MD_TOO_WEAK)/;
/** Handshake failures reported by OpenSSL or Node's TLS layer. */
const TLS_CODE = /^(ERR_SSL_|ERR_TLS_)/;
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

function codeOf(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

function clientCertHint(facts: FailureFacts): string {
  const env = facts.environment ? ` for ${facts.environment}` : '';
  if (!facts.certificate)
    return `no client certificate is configured: pass \`tls: { cert, key }\` or \`tls: { pfx }\`${env}`;
  const { subject, validTo } = facts.certificate;
  if (validTo.getTime() < Date.now())
    return `the client certificate (${subject}) expired on ${validTo.toISOString()}: renew it`;
  return `check that the client certificate (${subject}, valid to ${validTo.toISOString()}) is issued for this environment${env} and not revoked, and that \`baseUrl\` points at that environment`;
}

/** "Refused" by the server, over TLS 1.2 (an alert or a reset during the handshake) or TLS 1.3 (a silent close). */
const refusedHandshake = (code: string | undefined, message: string, facts: FailureFacts) =>
  (code !== undefined && TLS_CODE.test(code)) ||
  message.includes('before secure TLS connection was established') ||
  facts.handshakeRejected;

/** Turns whatever undici/Node threw into one of the client's errors, with a hint. */
export function classifyFailure(error: unknown, facts: FailureFacts, context: ErrorContext): TransportError {
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  const where = `${context.url}${facts.environment ? ` (${facts.environment})` : ''}`;
  const failed = (hint: string) => `failed at ${where}: ${hint} [${code ?? message}]`;
  const make = (kind: TransportError['kind'], hint: string) =>
    new TransportError(kind, failed(hint), code, context, error);

  if (code && TIMEOUT_CODES.has(code)) return new TimeoutError(facts.timeoutMs, context, code);
  if (/^Proxy response \(\d{3}\)/.test(message))
    return make(
      'proxy',
      `the proxy ${facts.proxy ?? ''} refused to open a tunnel to \`baseUrl\` (407: it wants credentials in the proxy URL; 403: the host is not allowed; 502: it cannot reach the host): check HTTPS_PROXY / \`proxy\` and NO_PROXY`,
    );
  const via = facts.proxy ? ` or the proxy ${facts.proxy}` : '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return make('dns', `the host name of \`baseUrl\`${via} does not resolve: check \`baseUrl\` and DNS`);
  if (code === 'ECONNREFUSED')
    return make(
      'connection-refused',
      `nothing accepts connections at \`baseUrl\`${via}: check host and port, and that the server is running`,
    );
  if (code && SERVER_CERT_CODE.test(code))
    return new TlsError(
      'server',
      failed(
        "the server's certificate is not trusted or not valid for a server (e.g. a CA certificate presented as the server's own): check `tls.ca` (the CA bundle of the server) and that `baseUrl` uses the certificate's host name",
      ),
      code,
      context,
      error,
    );
  if (refusedHandshake(code, message, facts))
    return new TlsError(
      'client',
      failed(
        `the server refused the TLS handshake (over TLS 1.3 this shows as "other side closed"): ${clientCertHint(facts)}`,
      ),
      code,
      context,
      error,
    );
  if (code && RESET_CODES.has(code))
    return make(
      'connection-reset',
      'the connection was closed before the answer arrived: a proxy or the server dropped it; safe requests are retried',
    );
  return make('unknown', `unexpected transport failure: ${message}`);
}

/** Certificate problems and unresolvable hosts do not go away by trying again. */
export const retryHelps = (failure: TransportError): boolean =>
  failure.kind !== 'tls-handshake' &&
  failure.kind !== 'dns' &&
  failure.kind !== 'timeout' &&
  failure.kind !== 'proxy';
