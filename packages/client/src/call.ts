// One call across its attempts and layers: the state every layer of the pipeline (pipeline.ts) reads,
// and the call's ONE deadline (`timeoutMs`) and the caller's signal, which stop whatever the call is
// waiting for at that moment: an attempt, the token provider, a pause, a middleware.
import { type Outgoing, splitUrl } from './core.js';
import { Deadlines } from './deadlines.js';
import { AbortError, type BankingClientError, type ErrorContext, TimeoutError } from './errors.js';
import { redact } from './redact.js';
import { BufferedResponse } from './response.js';

/** What a call needs of its attempt in flight (exchange.ts implements it): the call is never the attempt's. */
export interface InFlight {
  /** The status, once the answer has started. */
  readonly status: number | undefined;
  /** The exchange is over: body complete, failed or aborted. */
  readonly ended: boolean;
  /** Stops the attempt with `error`, wherever it is. */
  abort(error: Error): void;
}

export interface Call {
  req: Outgoing;
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
  timeoutMs: number;
  /** The client's deadlines, which this call's is one of while it runs (linked in start order). */
  deadlines: Deadlines<Call>;
  newer: Call | undefined;
  older: Call | undefined;
  /** Set once the deadline passed or the caller aborted: the call fails with it. */
  stopped: BankingClientError | undefined;
  /** The attempt in flight. */
  exchange: InFlight | undefined;
  /** Ends the current wait (token provider, pause, middleware) when the call is stopped. */
  wake: ((error: Error) => void) | undefined;
  /** When the current attempt started (performance.now()). */
  attemptStarted: number;
  /** Tells the hooks how the last attempt ended, once a layer knows whether another follows. */
  settle: ((willRetry: boolean) => void) | undefined;
  /** Removes the listener on the caller's signal. */
  unlisten: (() => void) | undefined;
  /** The answer was delivered with its body as a stream: the deadline stays on until the body ends. */
  streaming: boolean;
}

/** What every error of this call says about it. */
export function contextOf(call: Call, status?: number): ErrorContext {
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

/** The deadlines of one client's calls: a call that reaches its own fails with TimeoutError. */
export const callDeadlines = (): Deadlines<Call> =>
  new Deadlines<Call>((call) =>
    stop(call, new TimeoutError(call.timeoutMs, contextOf(call, call.exchange?.status))),
  );

/** The call's deadline and the caller's signal; both stop the call. */
function armCall(call: Call): void {
  call.deadlines.add(call);
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

/** The call is over (answer delivered and read, or failed): its deadline and the listener go. */
export function disarmCall(call: Call): void {
  call.deadlines.remove(call);
  call.unlisten?.();
}

/** The request's URL changed (a middleware): origin and path (+ query) again, as undici takes them. */
export function retarget(call: Call): void {
  const { req } = call;
  const { origin, target } = splitUrl(req.url);
  req.origin = origin;
  req.target = target;
}

/** A call before its first attempt, its deadline running: whether it may be repeated is settled once. */
export function startCall(
  req: Outgoing,
  deadlines: Deadlines<Call>,
  timeoutMs: number,
  canReplay: boolean,
): Call {
  const now = performance.now();
  const call: Call = {
    req,
    attempt: 0,
    retries: 0,
    refreshed: false,
    canReplay,
    safe: canReplay && (req.method === 'GET' || req.method === 'HEAD' || req.op.idempotent),
    endsAt: now + timeoutMs,
    timeoutMs,
    deadlines,
    newer: undefined,
    older: undefined,
    stopped: undefined,
    exchange: undefined,
    wake: undefined,
    attemptStarted: now,
    settle: undefined,
    unlisten: undefined,
    streaming: false,
  };
  req.headers['x-request-id'] = req.requestId;
  armCall(call);
  return call;
}

/** Waits for `promise` unless the call is stopped first (the deadline or the caller's abort). */
export async function within<T>(call: Call, promise: Promise<T>): Promise<T> {
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

/** Whether waiting `waitMs` and then one more attempt as long as the last one still ends before the deadline. */
export function fitsDeadline(call: Call, waitMs: number): boolean {
  const now = performance.now();
  const attemptMs = now - call.attemptStarted;
  return now + waitMs + attemptMs < call.endsAt;
}

/** Tells the hooks how the last attempt ended (once). */
export function settleAttempt(call: Call, willRetry: boolean): void {
  const settle = call.settle;
  call.settle = undefined;
  settle?.(willRetry);
}

/**
 * A response that will not be delivered: a streamed body is cancelled so its connection is freed. The call
 * is no longer streaming: the end of that body must not disarm the deadline the next attempt runs under.
 */
export function discard(call: Call, response: Response): void {
  call.streaming = false;
  if (response instanceof BufferedResponse || response.bodyUsed) return; // in memory: nothing to free
  const { body } = response;
  if (body && !body.locked) body.cancel().catch(() => undefined);
}
