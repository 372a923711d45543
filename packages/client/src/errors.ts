// Every way a call can fail, as one family of classes. Each error names the operation, the request id,
// the redacted URL and the status when an answer came; its message, fields and `cause` chain have been
// through redact(), so printing or serializing an error never shows personal data or credentials.
import { redact, shownRequestId } from './redact.js';

/** Where a failure happened: enough for a log line or a support ticket, nothing personal. */
export interface ErrorContext {
  operationId: string;
  /** `METHOD /path/{template}`. */
  operation: string;
  /** The call's `x-request-id` (as sent: errors show it through shownRequestId). */
  requestId: string;
  /** The request URL, redacted. */
  url: string;
  /** Attempts made so far (0 when the call failed before sending). */
  attempts: number;
  /** HTTP status, when an answer had started. */
  status?: number | undefined;
}

/** A copy of a cause chain with redacted messages (depth-limited); `withhold` drops the messages. */
function safeCause(error: unknown, withhold: boolean, depth = 0): Error | undefined {
  if (error === undefined || depth > 3) return undefined;
  const source = error instanceof Error ? error : new Error(String(error));
  const copy = new Error(withhold ? '(message withheld)' : redact(source.message));
  copy.name = source.name;
  const { code } = source as { code?: unknown };
  if (typeof code === 'string') Object.assign(copy, { code });
  const cause = safeCause(source.cause, withhold, depth + 1);
  if (cause) copy.cause = cause;
  copy.stack = `${copy.name}: ${copy.message}`; // the original stack may quote the message
  return copy;
}

/** Base class of the client's errors. */
export class BankingClientError extends Error {
  override name = 'BankingClientError';
  readonly operationId: string;
  readonly operation: string;
  /** The call's `x-request-id`: a UUID as sent, a caller's id of any other shape redacted. */
  readonly requestId: string;
  readonly url: string;
  readonly attempts: number;
  readonly status: number | undefined;

  constructor(what: string, context: ErrorContext, cause?: unknown, withholdCause = false) {
    const requestId = shownRequestId(context.requestId);
    super(`${context.operationId} (${context.operation}) ${redact(what)} [request ${requestId}]`);
    const safe = safeCause(cause, withholdCause);
    if (safe) this.cause = safe;
    this.operationId = context.operationId;
    this.operation = context.operation;
    this.requestId = requestId;
    this.url = redact(context.url);
    this.attempts = context.attempts;
    this.status = context.status;
  }

  /** What `JSON.stringify(error)` shows: the message and the fields (Error's own are not enumerable). */
  toJSON(): object {
    return { ...this, name: this.name, message: this.message, cause: this.cause };
  }
}

export type TransportErrorKind =
  | 'tls-handshake'
  | 'dns'
  | 'connection-refused'
  | 'timeout'
  | 'connection-reset'
  | 'proxy'
  | 'unknown';

/** A request that got no complete HTTP answer. The message says what most likely went wrong and what to check. */
export class TransportError extends BankingClientError {
  override name = 'TransportError';
  constructor(
    readonly kind: TransportErrorKind,
    what: string,
    /** The underlying error code (e.g. `ECONNREFUSED`, `UND_ERR_SOCKET`), when there is one. */
    readonly code: string | undefined,
    context: ErrorContext,
    cause?: unknown,
  ) {
    super(what, context, cause);
  }
}

/** The TLS handshake failed: a certificate problem on either side. Never retried. */
export class TlsError extends TransportError {
  override name = 'TlsError';
  constructor(
    /** Whose certificate: the server's was not accepted by us, or ours was refused by the server. */
    readonly certificate: 'server' | 'client',
    what: string,
    code: string | undefined,
    context: ErrorContext,
    cause?: unknown,
  ) {
    super('tls-handshake', what, code, context, cause);
  }
}

/** undici's own timers, which only bound opening a connection (each exchange turns the others off). */
const CONNECTION_TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT']);

/**
 * A connection attempt is bounded by `timeoutMs` from when it began, which may be for an earlier call: a
 * call queued behind it then fails sooner than its own deadline, and the message must not claim otherwise.
 */
const timeoutMessage = (timeoutMs: number, code: string | undefined) =>
  code !== undefined && CONNECTION_TIMEOUT_CODES.has(code)
    ? `failed: the connection it waited for (perhaps begun for an earlier call, so this call may have waited less) was not established within ${timeoutMs} ms, directly or through the proxy: check that the server and any proxy are reachable and healthy, or raise \`timeoutMs\``
    : `failed: no complete answer within ${timeoutMs} ms (one deadline for connecting, every attempt and the whole body): check that the server is reachable and healthy, or raise \`timeoutMs\``;

/** The call's deadline (`timeoutMs`, over every attempt and the whole body) passed, or the connection it waited for was not made within `timeoutMs`. */
export class TimeoutError extends TransportError {
  override name = 'TimeoutError';
  constructor(
    readonly timeoutMs: number,
    context: ErrorContext,
    code?: string,
  ) {
    super('timeout', timeoutMessage(timeoutMs, code), code, context);
  }
}

/** The caller's `signal` aborted the call. */
export class AbortError extends BankingClientError {
  override name = 'AbortError';
  constructor(context: ErrorContext) {
    super('was aborted by the caller’s signal', context);
  }
}

/** The answer's body was larger than `maxResponseBytes`; reading stopped at the limit. */
export class ResponseTooLargeError extends BankingClientError {
  override name = 'ResponseTooLargeError';
  constructor(
    readonly limit: number,
    context: ErrorContext,
  ) {
    super(
      `failed: the answer's body is larger than ${limit} bytes (\`maxResponseBytes\`); it was not read further`,
      context,
    );
  }
}

/**
 * A success answer whose body is not what its content type says (e.g. invalid JSON). The cause's message
 * is withheld: a parser's message quotes the body.
 */
export class InvalidResponseError extends BankingClientError {
  override name = 'InvalidResponseError';
  constructor(what: string, context: ErrorContext, cause?: unknown) {
    super(what, context, cause, true);
  }
}

/**
 * A path parameter that a server normalising the path would read as `.` or `..` (or hold one in it): the call
 * would reach another operation than the one named. Refused before anything is sent; never retried.
 */
export class PathParameterError extends BankingClientError {
  override name = 'PathParameterError';
  constructor(
    /** The parameter's name in the path template (empty when a custom serializer moved the segments). */
    readonly parameter: string,
    context: ErrorContext,
  ) {
    const which = parameter ? `path parameter "${parameter}"` : 'a path parameter';
    super(
      `refused: ${which} would be read as a dot segment ('.' or '..', in some writing) by a server that normalises the path, and reach another operation; nothing was sent`,
      context,
    );
  }
}

/** Why the token provider gave no token: it threw or rejected, it did not answer in time, or it returned no token. */
export type TokenProviderFailure = 'failed' | 'timeout' | 'no-token';

const PROVIDER_FAILURE: Record<TokenProviderFailure, (timeoutMs: number) => string> = {
  failed: () => 'token provider failed',
  timeout: (ms) => `token provider did not answer within ${ms} ms (\`tokenTimeoutMs\`)`,
  'no-token': () => 'token provider returned no token (an empty string or not a string)',
};

/**
 * The token provider failed, hung or returned no token. Its message is withheld: it may quote credentials.
 * The next request asks the provider again.
 */
export class TokenProviderError extends BankingClientError {
  override name = 'TokenProviderError';
  constructor(
    context: ErrorContext,
    readonly reason: TokenProviderFailure,
    timeoutMs: number,
    cause?: unknown,
  ) {
    const kind = cause instanceof Error ? `${cause.name}; ` : '';
    const withheld =
      cause === undefined ? '' : ` (${kind}its message is withheld as it may hold credentials)`;
    super(`failed: ${PROVIDER_FAILURE[reason](timeoutMs)}${withheld}`, context, cause, true);
  }
}
