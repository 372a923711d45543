// A session of a mock running in this process, as the typed handle tests use (admin-api.ts): the same
// handle the admin client gives a test file in another process, here without a network hop, refusing what
// the admin route refuses (a filter or an operation the contract does not have) and, once closed, anything.
import { type MockSession, MockSessionClosedError, sessionHeader, sessionMiddleware } from './admin-api.ts';
import type { JournalFilter } from './journal.ts';
import { settledCalls } from './journal-expect.ts';
import { checkedFilter } from './journal-filter.ts';
import { unknownOperation } from './known-keys.ts';
import type { Session } from './session.ts';

export interface LocalSessionOptions {
  /** Closes the session in the mock's sessions; whether it was still open. */
  close(): boolean;
  /** Whether the mock still has the session open (it may have timed out). */
  isOpen(): boolean;
  /** Calls of an operation the default session received (a client without the session's header). */
  defaultCalls(operationId: string): number;
}

/** The handle of `session`. */
export function localSession(session: Session, mock: LocalSessionOptions): MockSession {
  let closed = false;
  // Every use keeps the session open, as an admin call over the network does; a closed one refuses.
  const use = <T>(action: () => T) =>
    Promise.resolve().then(() => {
      if (closed || !mock.isOpen()) throw new MockSessionClosedError(session.id);
      session.touch();
      return action();
    });
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
      clear: (operationId) => use(() => session.faults.clear(operationId)),
      list: () => use(() => session.faults.list()),
    },
    stubs: {
      add: (stub) => use(() => session.stubs.add(stub)),
      remove: (id) => use(() => session.stubs.remove(id)),
      clear: () => use(() => session.stubs.clear()),
      list: () => use(() => session.stubs.list()),
    },
    journal: {
      entries,
      clear: () => use(() => session.journal.clear()),
      expectCalled: async (operationId, expectation) => {
        if (!session.operationIds.includes(operationId))
          throw new TypeError(`journal.expectCalled: ${unknownOperation(operationId, session.operationIds)}`);
        const strays = async () => mock.defaultCalls(operationId);
        return settledCalls(() => entries({ operationId }), operationId, expectation, strays);
      },
    },
    reset: () => use(() => session.reset()),
    close,
    [Symbol.asyncDispose]: close,
  };
}
