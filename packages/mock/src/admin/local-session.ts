// The session interface in the mock's own process (api/session.ts): the handle `mock.openSession()` gives,
// and what the admin route calls to serve each request of the table (admin/handlers.ts), so that the two
// implementations refuse alike. Each call checks its arguments (a TypeError naming the filter, operation or
// field meant) and, once the session is closed, refuses everything.
import { MockSessionClosedError } from '../api/errors.ts';
import type { JournalFilter } from '../api/journal.ts';
import { unknownOperation } from '../api/known-keys.ts';
import { sessionHeader } from '../api/names.ts';
import { type MockSession, sessionMiddleware, type TokenRequest } from '../api/session.ts';
import type { AnyOperations } from '../api/stub.ts';
import { settledCalls } from '../session/expectations.ts';
import { checkedFilter } from '../session/journal-filter.ts';
import { type Session, statelessWebhooks } from '../session/session.ts';

export interface LocalSessionOptions {
  /** Closes the session in the mock's sessions. */
  close(): void;
  /** Whether the mock still has the session open (it may have timed out). */
  isOpen(): boolean;
  /** Calls of an operation the default session received (a client without the session's header). */
  defaultCalls(operationId: string): number;
  /** Signs a dev token. */
  mint(request: TokenRequest): Promise<string>;
}

/** The handle of `session`. */
export function localSession(session: Session, mock: LocalSessionOptions): MockSession<AnyOperations> {
  let closed = false;
  // Every use keeps the session open, as an admin call over the network does; a closed one refuses.
  const use = <T>(action: () => T) =>
    Promise.resolve().then(() => {
      if (closed || !mock.isOpen()) throw new MockSessionClosedError(session.id);
      session.touch();
      return action();
    });
  const known = (call: string, operationId: string) => {
    if (operationId !== '*' && !session.operationIds.includes(operationId))
      throw new TypeError(`${call}: ${unknownOperation(operationId, session.operationIds)}`);
  };
  const entries = (filter: JournalFilter = {}) =>
    use(() => {
      const checked = checkedFilter(filter, session.operationIds);
      if (typeof checked === 'string') throw new TypeError(`journal.entries: ${checked}`);
      return session.journal.entries(checked);
    });
  const close = async () => {
    closed = true;
    mock.close(); // again, or after a timeout: nothing left to close
  };
  return {
    id: session.id,
    headers: { [sessionHeader]: session.id },
    middleware: sessionMiddleware(session.id),
    faults: {
      set: (operationId, fault) => use(() => session.faults.set(operationId, fault)),
      clear: (operationId) =>
        use(() => {
          if (operationId) known('faults.clear', operationId);
          session.faults.clear(operationId || undefined);
        }),
      list: () => use(() => session.faults.list()),
    },
    stubs: {
      add: (stub) => use(() => session.stubs.add(stub)),
      remove: (id) => use(() => session.stubs.remove(id)),
      clear: () => use(() => session.stubs.clear()),
      list: () => use(() => session.stubs.list()),
    },
    webhooks: webhooksOf(session, use),
    journal: {
      entries,
      clear: () => use(() => session.journal.clear()),
      expectCalled: async (operationId, expectation) => {
        await use(() => known('journal.expectCalled', operationId));
        const strays = async () => mock.defaultCalls(operationId);
        return settledCalls(() => entries({ operationId }), operationId, expectation, strays);
      },
    },
    token: async (request = {}) => await await use(() => mock.mint(request)),
    reset: () => use(() => session.reset()),
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** The session's webhook registry through `use` (open, touched); a stateless session registers none. */
function webhooksOf(session: Session, use: <T>(action: () => T) => Promise<T>): MockSession['webhooks'] {
  return {
    set: (webhookId, registration) =>
      use(() => {
        if (!session.sandbox) throw new TypeError(statelessWebhooks);
        return session.webhooks.set(webhookId, registration);
      }),
    remove: (webhookId) => use(() => session.webhooks.remove(webhookId)),
    clear: () => use(() => session.webhooks.clear()),
    list: () => use(() => session.webhooks.list()),
  };
}
