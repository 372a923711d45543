// The retry layer: a safe call (GET, HEAD, idempotent by URL, with a body that can be sent again) is
// repeated after a retryable status (429, 5xx) or a transport failure that another try can cure, within
// the policy's budget and only when the wait and one more attempt can end before the deadline.
import { setTimeout as sleep } from 'node:timers/promises';
import { type Call, discard, fitsDeadline, settleAttempt, within } from './call.js';
import { TransportError } from './errors.js';
import { retryHelps } from './failure.js';
import type { Layer, Next } from './pipeline.js';
import { BufferedResponse } from './response.js';
import { backoffMs, type RetryPolicy, retryAfterMs, retryableStatus } from './retry.js';

const retryAfterOf = (response: Response) =>
  response instanceof BufferedResponse
    ? BufferedResponse.headerOf(response, 'retry-after')
    : response.headers.get('retry-after');

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

/** `hooked`: hooks are configured, so every attempt's end must be told (with whether another follows). */
export function retrying(policy: RetryPolicy, hooked: boolean): Layer {
  /** After an answer: the wait before the next attempt, or undefined to deliver it. */
  function statusWait(call: Call, response: Response): number | undefined {
    if (!call.safe || call.retries >= policy.retries || !retryableStatus(response.status)) return undefined;
    // A Retry-After longer than the policy allows is not waited for: the answer is delivered.
    const wait = backoffMs(policy, call.retries + 1, retryAfterMs(retryAfterOf(response) ?? undefined));
    return wait !== undefined && fitsDeadline(call, wait) ? wait : undefined;
  }

  /** After a failure: the wait before the next attempt, or undefined to throw it. */
  function failureWait(call: Call, error: unknown): number | undefined {
    if (!(error instanceof TransportError) || call.stopped) return undefined;
    const wait = backoffMs(policy, call.retries + 1) ?? 0;
    const again = call.safe && call.retries < policy.retries && retryHelps(error) && fitsDeadline(call, wait);
    return again ? wait : undefined;
  }

  async function repeat(call: Call, next: Next): Promise<Response> {
    for (;;) {
      let wait: number | undefined;
      try {
        const response = await next(call);
        wait = statusWait(call, response);
        settleAttempt(call, wait !== undefined);
        if (wait === undefined) return response;
        discard(call, response);
      } catch (error) {
        wait = failureWait(call, error);
        settleAttempt(call, wait !== undefined);
        if (wait === undefined) throw error;
      }
      call.retries++;
      await pause(call, wait);
    }
  }

  // A call that is never repeated and that no hook waits to hear about passes straight through.
  return (call, next) => ((call.safe && policy.retries > 0) || hooked ? repeat(call, next) : next(call));
}
