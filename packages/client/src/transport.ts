// Sends one call with the client's policy. A call is a loop of attempts under ONE deadline (`timeoutMs`,
// over connecting, every attempt, the waits between them and the whole body) and the caller's signal:
// fill in x-account-id, then per attempt authorize (Bearer), exchange (bytes counted against
// `maxResponseBytes`), and decide from the answer: deliver it, retry once with a fresh token after a 401,
// or retry a safe call after a retryable status or transport failure, when that can end before the deadline.
// Hooks see every attempt; every failure is one of the client's typed errors (errors.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { type Body, encodeBody, replayable } from './body.js';
import type { Outgoing } from './core.js';
import {
  AbortError,
  BankingClientError,
  type ErrorContext,
  ResponseTooLargeError,
  TimeoutError,
  TokenProviderError,
  type TransportError,
} from './errors.js';
import { type Answer, Exchange } from './exchange.js';
import { classifyFailure, type FailureFacts, retryHelps } from './failure.js';
import type { Hooks } from './options.js';
import { redact, redactHeaders } from './redact.js';
import { BufferedResponse, streamedResponse } from './response.js';
import { backoffMs, type RetryPolicy, retryAfterMs, retryableStatus } from './retry.js';
import type { TokenCache } from './token.js';

export interface TransportConfig {
  baseUrl: string;
  dispatcher: Dispatcher;
  tokens: TokenCache;
  accountId: string | undefined;
  environment: string | undefined;
  timeoutMs: number;
  maxResponseBytes: number;
  retry: RetryPolicy;
  hooks: Hooks | undefined;
  /** Header names whose values hooks never see. */
  secretHeaders: ReadonlySet<string>;
  /** Asks the server whether it refuses our certificate (see refusesHandshake). */
  probeRefusal: () => Promise<boolean>;
  certificate: FailureFacts['certificate'];
}

/** One call across its attempts. */
interface Call {
  req: Outgoing;
  /** Path and query of the URL, as undici takes it. */
  path: string;
  attempt: number;
  /** Retries spent from the policy's budget. */
  retries: number;
  /** The token was renewed after a 401 (once per call, outside the budget). */
  refreshed: boolean;
  /** The body can be sent again. */
  canReplay: boolean;
  /** Sending it again cannot do harm: GET, HEAD or idempotent by URL, with a replayable body. */
  safe: boolean;
  /** The deadline, on performance.now()'s clock. */
  endsAt: number;
  timer: NodeJS.Timeout | undefined;
  /** Set once the deadline passed or the caller aborted: the call fails with it. */
  stopped: BankingClientError | undefined;
  /** The attempt in flight. */
  exchange: Exchange | undefined;
  /** Ends the current wait (token provider, pause between attempts) when the call is stopped. */
  wake: ((error: Error) => void) | undefined;
  /** When the current attempt started (performance.now()): a retry that would not end before the deadline is not made. */
  attemptStarted: number;
  /** Removes the listener on the caller's signal. */
  unlisten: (() => void) | undefined;
  /** The answer was delivered with its body as a stream: the deadline stays on until the body ends. */
  streaming: boolean;
}

/** Tells the hooks how an attempt ended. */
type AttemptEnd = (status: number | undefined, willRetry: boolean, error?: Error) => void;
const noHook: AttemptEnd = () => undefined;

/** An account-scoped call without x-account-id gets the client's default; without a default it is refused. */
function fillAccountHeader(req: Outgoing, accountId: string | undefined): void {
  if (!req.op.accountScoped || req.headers['x-account-id']) return;
  if (!accountId)
    throw new TypeError(
      `${req.op.operationId} (${req.method} ${req.path}) is account-scoped: pass \`params: { header: { 'x-account-id': ... } }\` or set \`accountId\` in createBankingClient`,
    );
  req.headers['x-account-id'] = accountId;
}

/** What every error of this call says about it. */
function contextOf(call: Call, status?: number): ErrorContext {
  const { req } = call;
  return {
    operationId: req.op.operationId,
    operation: `${req.method} ${req.path}`,
    requestId: req.requestId,
    url: redact(req.url),
    attempts: call.attempt,
    status,
  };
}

/** Ends the call with `error` (deadline or abort): the attempt in flight and any wait stop at once. */
function stop(call: Call, error: BankingClientError): void {
  if (call.stopped) return;
  call.stopped = error;
  call.exchange?.abort(error);
  call.wake?.(error);
}

/** The call's deadline timer and the caller's signal; both stop the call. */
function armCall(call: Call, timeoutMs: number): void {
  call.timer = setTimeout(
    () => stop(call, new TimeoutError(timeoutMs, contextOf(call, call.exchange?.status))),
    timeoutMs,
  );
  const { signal } = call.req;
  if (!signal) return;
  const onAbort = () => stop(call, new AbortError(contextOf(call, call.exchange?.status)));
  if (signal.aborted) {
    onAbort();
    return;
  }
  signal.addEventListener('abort', onAbort, { once: true });
  call.unlisten = () => signal.removeEventListener('abort', onAbort);
}

/** The call is over (answer delivered and read, or failed): timer and listener go. */
function disarmCall(call: Call): void {
  clearTimeout(call.timer);
  call.unlisten?.();
}

/** A call before its first attempt: whether it may be repeated is settled once, from method, model and body. */
function startCall(req: Outgoing, origin: string, timeoutMs: number): Call {
  const canReplay = replayable(req.body);
  const now = performance.now();
  const call: Call = {
    req,
    path: req.url.slice(origin.length),
    attempt: 0,
    retries: 0,
    refreshed: false,
    canReplay,
    safe: canReplay && (req.method === 'GET' || req.method === 'HEAD' || req.op.idempotent),
    endsAt: now + timeoutMs,
    timer: undefined,
    stopped: undefined,
    exchange: undefined,
    wake: undefined,
    attemptStarted: now,
    unlisten: undefined,
    streaming: false,
  };
  req.headers['x-request-id'] = req.requestId;
  armCall(call, timeoutMs);
  return call;
}

/** Waits for `promise` unless the call is stopped first (the deadline or the caller's abort). */
async function within<T>(call: Call, promise: Promise<T>): Promise<T> {
  if (call.stopped) throw call.stopped;
  try {
    return await new Promise<T>((resolve, reject) => {
      call.wake = reject;
      promise.then(resolve, reject);
    });
  } finally {
    call.wake = undefined;
  }
}

/** Whether waiting `waitMs` and then one more attempt as long as this one still ends before the deadline. */
function fitsDeadline(call: Call, waitMs: number): boolean {
  const now = performance.now();
  const attemptMs = now - call.attemptStarted;
  return now + waitMs + attemptMs < call.endsAt;
}

/** The body of this attempt, encoded afresh (a FormData's stream is read once); sets FormData's content type. */
function attemptBody(req: Outgoing): Body | null {
  if (typeof req.body === 'string') return req.body; // JSON: nothing to encode
  const { payload, contentType } = encodeBody(req.body);
  if (contentType) req.headers['content-type'] = contentType;
  return payload;
}

/** Tells the hooks an attempt starts and returns how to tell them it ended (a no-op without hooks). */
function watchAttempt(config: TransportConfig, call: Call): AttemptEnd {
  const { hooks } = config;
  if (!hooks) return noHook;
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

/** A transport failure is retried for a safe call within the budget and the deadline, unless retrying cannot help. */
const retriesFailure = (call: Call, policy: RetryPolicy, failure: TransportError, waitMs: number) =>
  call.safe && call.retries < policy.retries && retryHelps(failure) && fitsDeadline(call, waitMs);

/** What the client sends through: one call at a time, each within its deadline; close() ends them all. */
export interface Transport {
  send(req: Outgoing): Promise<Response>;
  close(): Promise<void>;
}

export function createTransport(config: TransportConfig): Transport {
  const origin = new URL(config.baseUrl).origin;
  const { dispatcher, tokens, retry } = config;
  let closed = false;
  let answered = false; // the server has accepted our certificate at least once

  /** The Bearer token from the provider (none cached), within the deadline. */
  async function fetchToken(call: Call): Promise<string> {
    try {
      return await within(call, tokens.get());
    } catch (error) {
      if (error instanceof BankingClientError) throw error; // deadline or abort while waiting
      throw new TokenProviderError(contextOf(call), error);
    }
  }

  /** Sends this attempt; the answer comes with its body read (or as a stream when asked for). */
  function exchange(call: Call, body: Body | null): Promise<Answer> {
    if (call.stopped) return Promise.reject(call.stopped); // stopped before it was sent: send nothing
    const { req } = call;
    const current = new Exchange(
      dispatcher,
      {
        origin,
        path: call.path,
        method: req.method as Dispatcher.HttpMethod,
        headers: req.headers,
        body,
        // The call's own deadline bounds the attempt: undici's per-attempt timers are not needed.
        headersTimeout: 0,
        bodyTimeout: 0,
      },
      {
        maxBytes: config.maxResponseBytes,
        stream: req.stream,
        oversize: (status) => new ResponseTooLargeError(config.maxResponseBytes, contextOf(call, status)),
        onEnd: () => {
          if (call.streaming) disarmCall(call);
        },
      },
    );
    call.exchange = current;
    return current.answer;
  }

  /** A 401 gets one more attempt with a fresh token, outside the retry budget, if the body can be resent. */
  function refreshesToken(call: Call, status: number, token: string): boolean {
    if (status !== 401 || call.refreshed || !call.canReplay || !tokens.refreshable) return false;
    if (!fitsDeadline(call, 0)) return false;
    call.refreshed = true;
    tokens.invalidate(token);
    return true;
  }

  /** A safe call within its budget and deadline is retried after 429 or 5xx: the wait, or undefined to deliver. */
  function statusRetryWait(call: Call, answer: Answer): number | undefined {
    if (!call.safe || call.retries >= retry.retries || !retryableStatus(answer.status)) return undefined;
    // A Retry-After longer than the policy allows is not waited for: the answer is delivered.
    const wait = backoffMs(retry, call.retries + 1, retryAfterMs(answer.headers['retry-after']));
    if (wait === undefined || !fitsDeadline(call, wait)) return undefined;
    call.retries++;
    return wait;
  }

  /** After an answer: how long to wait before attempting again, or undefined to deliver it. */
  const againAfter = (call: Call, answer: Answer, token: string) =>
    refreshesToken(call, answer.status, token) ? 0 : statusRetryWait(call, answer);

  /** The answer as a Response; a streamed body keeps the deadline on until it is read. */
  function deliver(call: Call, answer: Answer): Response {
    const { body } = answer;
    if (!(body instanceof ReadableStream))
      return new BufferedResponse(body, answer.status, answer.headers, call.req.url);
    call.streaming = true;
    return streamedResponse(body, answer, call.req.url);
  }

  /** What undici or Node threw, as a typed error with a hint. */
  async function failureOf(call: Call, error: unknown): Promise<TransportError> {
    const facts: FailureFacts = {
      environment: config.environment,
      timeoutMs: config.timeoutMs,
      certificate: config.certificate,
      handshakeRejected: false,
    };
    const context = contextOf(call, call.exchange?.status);
    const failure = classifyFailure(error, facts, context);
    // "Closed" before any answer ever arrived may be a refused certificate (TLS 1.3): ask the server.
    if (failure.kind !== 'connection-reset' || answered || !(await within(call, config.probeRefusal())))
      return failure;
    return classifyFailure(error, { ...facts, handshakeRejected: true }, context);
  }

  /** Waits before the next attempt; the deadline or the caller's abort ends the wait. */
  async function pause(call: Call, ms: number): Promise<void> {
    if (ms <= 0) return;
    const timer = new AbortController(); // a stopped call leaves no timer behind
    try {
      await within(call, sleep(ms, undefined, { signal: timer.signal })); // ref'd: the call is pending
    } finally {
      timer.abort();
    }
  }

  /** One attempt: the answer to deliver, or undefined when another attempt follows (after its wait). */
  async function attempt(call: Call): Promise<Response | undefined> {
    call.req.attempts = ++call.attempt;
    const token = tokens.peek() ?? (await fetchToken(call)); // no await while the cached token is good
    call.req.headers.authorization = `Bearer ${token}`;
    const end = watchAttempt(config, call);
    if (call.attempt > 1) call.attemptStarted = performance.now();
    try {
      const answer = await exchange(call, attemptBody(call.req));
      answered = true;
      const waitMs = againAfter(call, answer, token);
      end(answer.status, waitMs !== undefined);
      if (waitMs === undefined) return deliver(call, answer);
      await pause(call, waitMs);
      return undefined;
    } catch (error) {
      if (error instanceof BankingClientError) {
        end(call.exchange?.status, false, error);
        throw error; // deadline, abort, oversize: final
      }
      return retryAfterFailure(call, await failureOf(call, error), end);
    }
  }

  /** After a transport failure: retry (undefined) or throw it. */
  async function retryAfterFailure(call: Call, failure: TransportError, end: AttemptEnd): Promise<undefined> {
    const waitMs = backoffMs(retry, call.retries + 1) ?? 0;
    const again = retriesFailure(call, retry, failure, waitMs);
    end(undefined, again, failure);
    if (!again) throw failure;
    call.retries++;
    await pause(call, waitMs);
    return undefined;
  }

  async function send(req: Outgoing): Promise<Response> {
    if (closed) throw new TypeError('banking client: this client was closed with close(); create a new one');
    fillAccountHeader(req, config.accountId);
    const call = startCall(req, origin, config.timeoutMs);
    let response: Response | undefined;
    try {
      while (response === undefined) response = await attempt(call);
      return response;
    } catch (error) {
      throw call.stopped ?? error; // a stop during a step wins over the step's own failure
    } finally {
      // A streamed body keeps the deadline until it ends (Exchange onEnd).
      if (!call.streaming || call.exchange?.ended) disarmCall(call);
    }
  }

  return {
    send,
    /** Lets calls in flight end (each within its deadline), then closes the connections. */
    async close(): Promise<void> {
      closed = true;
      const backstop = setTimeout(() => void dispatcher.destroy(), config.timeoutMs + 1000);
      try {
        await dispatcher.close();
      } finally {
        clearTimeout(backstop);
      }
    },
  };
}
