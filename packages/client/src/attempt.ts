// The innermost layer: one attempt. Sends the bytes over undici's dispatch (the answer's bytes counted
// against `maxResponseBytes` as they arrive), tells the hooks it started, and leaves on the call how to
// tell them it ended (the retry and token layers know whether another attempt follows). What undici or
// Node threw comes out as one of the client's typed errors.
import type { Dispatcher } from 'undici';
import { type Body, encodeBody } from './body.js';
import { type Call, contextOf, disarmCall, within } from './call.js';
import type { Outgoing } from './core.js';
import { BankingClientError, ResponseTooLargeError, type TransportError } from './errors.js';
import { Exchange } from './exchange.js';
import { classifyFailure, type FailureFacts } from './failure.js';
import type { Hooks } from './options.js';
import type { Next } from './pipeline.js';
import { redact, redactHeaders } from './redact.js';
import { BufferedResponse, streamedResponse } from './response.js';

export interface AttemptConfig {
  dispatcher: Dispatcher;
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
    requestId: req.requestId,
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

/** Sends this attempt; the answer comes with its body read (or as a stream when asked for). */
function exchange(config: AttemptConfig, call: Call, body: Body | null): Promise<Response> {
  const { dispatcher, maxResponseBytes } = config;
  if (call.stopped) return Promise.reject(call.stopped); // stopped before it was sent: send nothing
  const { req } = call;
  const current = new Exchange(
    dispatcher,
    {
      origin: call.origin,
      path: call.path,
      method: req.method as Dispatcher.HttpMethod,
      headers: req.headers,
      body,
      // The call's own deadline bounds the attempt: undici's per-attempt timers are not needed.
      headersTimeout: 0,
      bodyTimeout: 0,
    },
    {
      maxBytes: maxResponseBytes,
      stream: req.stream,
      oversize: (status) => new ResponseTooLargeError(maxResponseBytes, contextOf(call, status)),
      // Only the body handed to the caller ends the call; a discarded attempt's body does not.
      onEnd: () => {
        if (call.streaming && call.exchange === current) disarmCall(call);
      },
    },
  );
  call.exchange = current;
  return current.answer.then(({ status, headers, body: bytes }) => {
    if (!(bytes instanceof ReadableStream)) return new BufferedResponse(bytes, status, headers, req.url);
    call.streaming = true; // the deadline stays on until the body is read
    return streamedResponse(bytes, { status, headers }, req.url);
  });
}

/** What undici or Node threw, as a typed error with a hint; `answered`: an answer has arrived before. */
async function failureOf(
  config: AttemptConfig,
  call: Call,
  error: unknown,
  answered: boolean,
): Promise<TransportError> {
  const facts: FailureFacts = {
    environment: config.environment,
    timeoutMs: config.timeoutMs,
    certificate: config.certificate,
    handshakeRejected: false,
    proxy: config.proxy,
  };
  const context = contextOf(call, call.exchange?.status);
  const failure = classifyFailure(error, facts, context);
  // "Closed" before any answer ever arrived may be a refused certificate (TLS 1.3): ask the server.
  const probe = config.probeRefusal;
  if (failure.kind !== 'connection-reset' || answered || !probe || !(await within(call, probe())))
    return failure;
  return classifyFailure(error, { ...facts, handshakeRejected: true }, context);
}

export function createAttempt(config: AttemptConfig): Next {
  let answered = false; // the server has accepted our certificate at least once
  return async function attempt(call: Call): Promise<Response> {
    call.req.attempts = ++call.attempt;
    if (call.attempt > 1) call.attemptStarted = performance.now();
    const end = watchAttempt(config, call);
    try {
      const response = await exchange(config, call, attemptBody(call.req));
      answered = true;
      if (end) call.settle = (willRetry) => end(response.status, willRetry);
      return response;
    } catch (error) {
      const failure =
        error instanceof BankingClientError
          ? error
          : await failureOf(config, call, error, answered).catch((stopped: BankingClientError) => stopped);
      if (end) call.settle = (willRetry) => end(call.exchange?.status, willRetry, failure);
      throw failure;
    }
  };
}
