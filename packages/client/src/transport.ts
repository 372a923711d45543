// Sends one call over undici's Dispatcher.request with the client's policy. A call is a loop of attempts:
// fill in x-account-id, then per attempt authorize (Bearer), send, and decide from the answer: deliver
// it, retry once with a fresh token after a 401, or retry a safe call after a retryable status or a
// transport failure (typed as TransportError). Hooks see every attempt.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { type Body, encodeBody, replayable } from './body.js';
import type { Outgoing } from './core.js';
import { type FailureContext, type TransportError, toTransportError } from './errors.js';
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
  retry: RetryPolicy;
  hooks: Hooks | undefined;
  /** Asks the server whether it refuses our certificate (see refusesHandshake). */
  probeRefusal: () => Promise<boolean>;
  certificate: FailureContext['certificate'];
}

/** Statuses whose answer has no body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

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

/** A call before its first attempt: whether it may be repeated is settled once, from method, model and body. */
function startCall(req: Outgoing, origin: string): Call {
  const canReplay = replayable(req.body);
  const safe = canReplay && (req.method === 'GET' || req.method === 'HEAD' || req.op.idempotent);
  return {
    req,
    path: req.url.slice(origin.length),
    attempt: 0,
    retries: 0,
    refreshed: false,
    canReplay,
    safe,
  };
}

/** The body of this attempt, encoded afresh (a FormData's stream is read once); sets FormData's content type. */
function attemptBody(req: Outgoing): Body | null {
  if (typeof req.body === 'string') return req.body; // JSON: nothing to encode
  const { payload, contentType } = encodeBody(req.body);
  if (contentType) req.headers['content-type'] = contentType;
  return payload;
}

/** Tells the hooks an attempt starts and returns how to tell them it ended (a no-op without hooks). */
function watchAttempt(hooks: Hooks | undefined, call: Call, environment: string | undefined): AttemptEnd {
  if (!hooks) return noHook;
  const { req } = call;
  const info = {
    operationId: req.op.operationId,
    method: req.method,
    path: req.path,
    url: redact(req.url),
    attempt: call.attempt,
    environment,
    headers: redactHeaders(req.headers),
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

/** Hands the answer over: unread when the caller asked for a stream, else read into memory. */
async function deliver(req: Outgoing, res: Dispatcher.ResponseData, end: AttemptEnd): Promise<Response> {
  const status = res.statusCode;
  if (req.stream && !NULL_BODY.has(status)) {
    end(status, false);
    return streamedResponse(res, req.url);
  }
  const bytes = NULL_BODY.has(status)
    ? await res.body.dump().then(() => null)
    : new Uint8Array(await res.body.arrayBuffer());
  end(status, false); // the attempt's duration includes reading the body
  return new BufferedResponse(bytes, status, res.headers, req.url);
}

/** A transport failure is retried for a safe call within the budget, unless retrying cannot help. */
const retriesFailure = (call: Call, policy: RetryPolicy, failure: TransportError) =>
  call.safe && call.retries < policy.retries && failure.kind !== 'tls-handshake' && failure.kind !== 'dns';

/** Waits before the next attempt; the caller's abort ends the wait with the caller's own reason. */
async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) return;
  try {
    await sleep(ms, undefined, signal && { signal });
  } catch (error) {
    throw signal?.aborted ? signal.reason : error;
  }
}

export function createTransport(config: TransportConfig) {
  const origin = new URL(config.baseUrl).origin;
  const { dispatcher, tokens, retry, hooks } = config;
  let closed = false;
  let answered = false; // the server has accepted our certificate at least once

  /** The request of this attempt as undici takes it. */
  function requestOf(call: Call, body: Body | null): Dispatcher.RequestOptions {
    const { req } = call;
    return {
      origin,
      path: call.path,
      method: req.method as Dispatcher.HttpMethod,
      headers: req.headers,
      body,
      signal: req.signal,
      // undici's own per-request timers (fresh for every attempt): no extra timer or signal per call.
      headersTimeout: config.timeoutMs,
      bodyTimeout: config.timeoutMs,
    };
  }

  /** A 401 gets one more attempt with a fresh token, outside the retry budget, if the body can be resent. */
  function refreshesToken(call: Call, status: number, token: string): boolean {
    if (status !== 401 || call.refreshed || !call.canReplay || !tokens.refreshable) return false;
    call.refreshed = true;
    tokens.invalidate(token);
    return true;
  }

  /** A safe call within its budget is retried after 429 or 5xx: the wait, or undefined to deliver the answer. */
  function statusRetryWait(call: Call, res: Dispatcher.ResponseData): number | undefined {
    if (!call.safe || call.retries >= retry.retries || !retryableStatus(res.statusCode)) return undefined;
    // A Retry-After longer than the policy allows is not waited for: the answer is delivered.
    const wait = backoffMs(retry, call.retries + 1, retryAfterMs(res.headers['retry-after']));
    if (wait !== undefined) call.retries++;
    return wait;
  }

  /** After an answer: how long to wait before attempting again, or undefined to deliver it. */
  const againAfter = (call: Call, res: Dispatcher.ResponseData, token: string) =>
    refreshesToken(call, res.statusCode, token) ? 0 : statusRetryWait(call, res);

  /** What undici or Node threw, as a TransportError with a hint. */
  async function failureOf(call: Call, error: unknown): Promise<TransportError> {
    const context: FailureContext = {
      method: call.req.method,
      url: redact(call.req.url),
      environment: config.environment,
      timeoutMs: config.timeoutMs,
      certificate: config.certificate,
      handshakeRejected: false,
      attempts: call.attempt,
    };
    const failure = toTransportError(error, context);
    // "Closed" before any answer ever arrived may be a refused certificate (TLS 1.3): ask the server.
    if (failure.kind !== 'connection-reset' || answered || !(await config.probeRefusal())) return failure;
    return toTransportError(error, { ...context, handshakeRejected: true });
  }

  async function send(req: Outgoing): Promise<Response> {
    if (closed) throw new TypeError('banking client: this client was closed with close(); create a new one');
    fillAccountHeader(req, config.accountId);
    const call = startCall(req, origin);
    for (;;) {
      call.attempt++;
      const token = tokens.peek() ?? (await tokens.get()); // no await while the cached token is good
      req.headers.authorization = `Bearer ${token}`;
      const body = attemptBody(req);
      const end = watchAttempt(hooks, call, config.environment);
      try {
        const res = await dispatcher.request(requestOf(call, body));
        answered = true;
        const waitMs = againAfter(call, res, token);
        if (waitMs === undefined) return await deliver(req, res, end);
        await res.body.dump();
        end(res.statusCode, true);
        await pause(waitMs, req.signal);
      } catch (error) {
        if (req.signal?.aborted) throw req.signal.reason; // the caller's own abort is not a transport failure
        const failure = await failureOf(call, error);
        const again = retriesFailure(call, retry, failure);
        end(undefined, again, failure);
        if (!again) throw failure;
        call.retries++;
        await pause(backoffMs(retry, call.retries) ?? 0, req.signal);
      }
    }
  }

  return {
    send,
    async close() {
      closed = true;
      await dispatcher.close();
    },
  };
}
