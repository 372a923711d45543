// Sends one call with the client's policy: the layers of pipeline.ts around one attempt (attempt.ts).
// Every wait is bounded by the call's deadline; every failure is one of the client's typed errors.
import type { Dispatcher } from 'undici';
import { type AttemptConfig, createAttempt } from './attempt.js';
import { bearer } from './bearer.js';
import { replayable } from './body.js';
import { callDeadlines, startCall } from './call.js';
import type { Outgoing, Result } from './core.js';
import { accountHeader, deadline } from './layers.js';
import { type MiddlewareConfig, userMiddleware } from './middleware.js';
import { compose } from './pipeline.js';
import type { RetryPolicy } from './retry.js';
import { retrying } from './retrying.js';
import type { TokenCache } from './token.js';

export interface TransportConfig extends AttemptConfig, MiddlewareConfig {
  dispatcher: Dispatcher;
  tokens: TokenCache;
  accountId: string | undefined;
  retry: RetryPolicy;
}

/** What the client sends through: one call at a time, each within its deadline; close() ends them all. */
export interface Transport {
  send(req: Outgoing): Promise<Result>;
  close(): Promise<void>;
}

export function createTransport(config: TransportConfig): Transport {
  const { dispatcher } = config;
  const run = compose(
    [
      accountHeader(config.accountId),
      userMiddleware(config),
      retrying(config.retry, config.hooks !== undefined),
      bearer(config.tokens),
    ],
    createAttempt(config),
  );
  const deadlines = callDeadlines();
  let closed = false;

  return {
    send(req: Outgoing): Promise<Result> {
      if (closed)
        return Promise.reject(
          new TypeError('banking client: this client was closed with close(); create a new one'),
        );
      return deadline(startCall(req, deadlines, config.timeoutMs, replayable(req.body)), run);
    },
    /** Lets calls in flight end (each within its deadline), then closes the connections. */
    async close(): Promise<void> {
      closed = true;
      if (!config.ownsDispatcher) return;
      const backstop = setTimeout(() => void dispatcher.destroy(), config.timeoutMs + 1000);
      try {
        await dispatcher.close();
      } finally {
        clearTimeout(backstop);
      }
    },
  };
}
