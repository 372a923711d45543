// The innermost layer: one attempt. Sends the bytes over undici's dispatch (the answer's bytes counted
// against `maxResponseBytes` as they arrive), tells the hooks it started, and leaves on the call how to
// tell them it ended (the retry and token layers know whether another attempt follows). What undici or
// Node threw comes out as one of the client's typed errors.
import type { Dispatcher } from 'undici';
import { type Body, encodeBody } from './body.js';
import { type Call, contextOf, within } from './call.js';
import type { Outgoing } from './core.js';
import { BankingClientError, type TransportError } from './errors.js';
import { type Exchange, type ExchangeContext, startExchange } from './exchange.js';
import { classifyFailure, type FailureFacts } from './failure.js';
import type { Hooks } from './options.js';
import type { Next } from './pipeline.js';
import { redact, redactHeaders, shownRequestId } from './redact.js';

export interface AttemptConfig {
  dispatcher: Dispatcher;
  /** The client made the dispatcher (undici 7, its dependency): close() closes it, exchanges use undici's v1 handler shape. */
  ownsDispatcher: boolean;
  maxResponseBytes: number;
  timeoutMs: number;
  environment: string | undefined;
  hooks: Hooks | undefined;
  /** Header names whose values hooks never see. */
  secretHeaders: ReadonlySet<string>;
  /** Asks the server whether it refuses our certificate (see refusesHandshake); undefined through a proxy. */
  probeRefusal: (() => Promise<boolean>) | undefined;
  certificate: FailureFacts['certificate'];
  /** The proxy the connection goes through (redacted), for error hints. */
  proxy: string | undefined;
}

/** Tells the hooks how an attempt ended. */
type AttemptEnd = (status: number | undefined, willRetry: boolean, error?: Error) => void;

/** The body of this attempt, encoded afresh (a FormData's stream is read once); sets FormData's content type. */
function attemptBody(req: Outgoing): Body | null {
  if (typeof req.body === 'string') return req.body; // JSON: nothing to encode
  const { payload, contentType } = encodeBody(req.body);
  if (contentType) req.headers['content-type'] = contentType;
  return payload;
}

/** Tells the hooks an attempt starts and returns how to tell them it ended (undefined without hooks). */
function watchAttempt(config: AttemptConfig, call: Call): AttemptEnd | undefined {
  const { hooks } = config;
  if (!hooks) return undefined;
  const { req } = call;
  const info = {
    operationId: req.op.operationId,
    method: req.method,
    path: req.path,
    url: redact(req.url),
    requestId: shownRequestId(req.requestId),
    attempt: call.attempt,
    environment: config.environment,
    headers: redactHeaders(req.headers, config.secretHeaders),
  };
  const started = performance.now();
  hooks.onAttemptStart?.(info);
  return (status, willRetry, error) =>
    hooks.onAttemptEnd?.({
      ...info,
      status,
      durationMs: performance.now() - started,
      willRetry,
      ...(error && { error }),
    });
}

/** `failure`, or a refused certificate if the server, asked within the call's deadline, says so. */
async function probedFailure(
  config: AttemptConfig,
  call: Call,
  error: unknown,
  failure: TransportError,
  facts: FailureFacts,
): Promise<BankingClientError> {
  const probe = config.probeRefusal as () => Promise<boolean>;
  try {
    if (!(await within(call, probe()))) return failure;
  } catch (stopped) {
    return stopped as BankingClientError; // the deadline or the caller's abort, while asking
  }
  return classifyFailure(
    error,
    { ...facts, handshakeRejected: true },
    contextOf(call, call.exchange?.status),
  );
}

/** The typed failure of an attempt; "closed" before any answer ever arrived may be a refused certificate. */
function failureOf(
  config: AttemptConfig,
  call: Call,
  error: unknown,
  answered: boolean,
): BankingClientError | Promise<BankingClientError> {
  if (error instanceof BankingClientError) return error;
  const facts: FailureFacts = {
    environment: config.environment,
    timeoutMs: config.timeoutMs,
    certificate: config.certificate,
    handshakeRejected: false,
    proxy: config.proxy,
  };
  const failure = classifyFailure(error, facts, contextOf(call, call.exchange?.status));
  // A TLS 1.3 server that refuses the certificate just closes: ask it (only before any answer arrived).
  if (failure.kind !== 'connection-reset' || answered || !config.probeRefusal) return failure;
  return probedFailure(config, call, error, failure, facts);
}

/** Tells the hooks how the attempt ended, once a layer knows whether another follows. */
function settleWith(call: Call, exchange: Exchange, end: AttemptEnd): void {
  call.settle = (willRetry) => end(exchange.status, willRetry, exchange.failure);
}

export function createAttempt(config: AttemptConfig): Next {
  let answered = false; // the server has accepted our certificate at least once
  const context: ExchangeContext = {
    dispatcher: config.dispatcher,
    maxBytes: config.maxResponseBytes,
    failure: (call, error) => failureOf(config, call, error, answered),
    answered: () => {
      answered = true;
    },
    v1: config.ownsDispatcher,
  };
  /** One attempt: a single promise, which settles with the answer or the typed failure. */
  return function attempt(call: Call): Promise<Response> {
    call.req.attempts = ++call.attempt;
    if (call.attempt > 1) call.attemptStarted = performance.now();
    const end = watchAttempt(config, call);
    let exchange: Exchange;
    try {
      if (call.stopped) throw call.stopped; // stopped before it was sent: send nothing
      exchange = startExchange(call, context, attemptBody(call.req));
    } catch (error) {
      return failedAttempt(call, end, failureOf(config, call, error, answered));
    }
    if (end) settleWith(call, exchange, end);
    return exchange.answer;
  };
}

/** An attempt that failed before it was sent. */
async function failedAttempt(
  call: Call,
  end: AttemptEnd | undefined,
  failure: BankingClientError | Promise<BankingClientError>,
): Promise<never> {
  const typed = await failure;
  if (end) call.settle = (willRetry) => end(call.exchange?.status, willRetry, typed);
  throw typed;
}
