// The token layer: `Authorization: Bearer <token>` on every attempt, from the cache while it is fresh;
// a 401 gets one more attempt with a fresh token (once per call, outside the retry budget) when the
// provider can give one and the body can be sent again. A provider failure is a TokenProviderError.
import { type Call, contextOf, discard, fitsDeadline, settleAttempt, within } from './call.js';
import { BankingClientError, TokenProviderError } from './errors.js';
import type { Layer } from './pipeline.js';
import { type TokenCache, TokenFailure } from './token.js';

export function bearer(tokens: TokenCache): Layer {
  /** The Bearer token from the provider (none cached), within the call's deadline. */
  async function fetchToken(call: Call): Promise<string> {
    try {
      return await within(call, tokens.get());
    } catch (error) {
      if (error instanceof BankingClientError) throw error; // deadline or abort while waiting
      const failure = error instanceof TokenFailure ? error : new TokenFailure('failed', 0, error);
      throw new TokenProviderError(contextOf(call), failure.reason, failure.timeoutMs, failure.cause);
    }
  }

  /** A 401 gets one more attempt with a fresh token, if the body can be resent before the deadline. */
  function refreshes(call: Call, status: number): boolean {
    if (status !== 401 || call.refreshed || !call.canReplay || !tokens.refreshable) return false;
    return fitsDeadline(call, 0);
  }

  return async (call, next) => {
    const token = tokens.peek() ?? (await fetchToken(call)); // no await while the cached token is good
    call.req.headers.authorization = `Bearer ${token}`;
    const response = await next(call);
    if (!refreshes(call, response.status)) return response;
    call.refreshed = true;
    settleAttempt(call, true);
    discard(call, response);
    tokens.invalidate(token);
    call.req.headers.authorization = `Bearer ${await fetchToken(call)}`;
    return next(call);
  };
}
