// The token layer: `Authorization: Bearer <token>` on every attempt, from the cache while it is fresh;
// a 401 gets one more attempt with a fresh token (once per call, outside the retry budget) when the
// provider can give one and the body can be sent again. A provider failure is a TokenProviderError.
import { type Call, contextOf, discard, fitsDeadline, settleAttempt, within } from './call.js';
import { BankingClientError, TokenProviderError } from './errors.js';
import type { Layer, Next } from './pipeline.js';
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

  /** The 401 answer to `token` is discarded; one more attempt with a fresh token. */
  async function refresh(call: Call, next: Next, token: string, response: Response): Promise<Response> {
    call.refreshed = true;
    settleAttempt(call, true);
    discard(call, response);
    tokens.invalidate(token);
    call.req.headers.authorization = `Bearer ${await fetchToken(call)}`;
    return next(call);
  }

  async function withToken(call: Call, next: Next, token: Promise<string>): Promise<Response> {
    return sendWith(call, next, await token);
  }

  let lastToken = '';
  let lastHeader = '';
  function sendWith(call: Call, next: Next, token: string): Promise<Response> {
    if (token !== lastToken) [lastToken, lastHeader] = [token, `Bearer ${token}`]; // one string per token
    call.req.headers.authorization = lastHeader;
    // A token that cannot be refreshed (a fixed string), or a body that cannot be sent again: the answer
    // goes out as it is, without a step of this layer after it.
    if (!tokens.refreshable || !call.canReplay) return next(call);
    return next(call).then((response) =>
      refreshes(call, response.status) ? refresh(call, next, token, response) : response,
    );
  }

  return (call, next) => {
    const token = tokens.peek(); // no wait while the cached token is good
    return token === undefined ? withToken(call, next, fetchToken(call)) : sendWith(call, next, token);
  };
}
