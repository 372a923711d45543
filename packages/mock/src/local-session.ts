// A session of a mock running in this process, as the typed handle tests use (admin-api.ts): the same
// handle the admin client gives a test file in another process, here without a network hop.
import { type MockSession, sessionHeader, sessionMiddleware } from './admin-api.ts';
import { settledCalls } from './journal-expect.ts';
import type { Session } from './session.ts';

/** The handle of `session`; `close` closes it in the mock's sessions. */
export function localSession(session: Session, close: () => void): MockSession {
  // Every use keeps the session open, as an admin call over the network does.
  const use = <T>(action: () => T) =>
    Promise.resolve().then(() => {
      session.touch();
      return action();
    });
  const closeOnce = async () => close();
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
      entries: (filter) => use(() => session.journal.entries(filter)),
      clear: () => use(() => session.journal.clear()),
      expectCalled: (operationId, expectation) =>
        settledCalls(async () => session.journal.entries({ operationId }), operationId, expectation),
    },
    reset: () => use(() => session.reset()),
    close: closeOnce,
    [Symbol.asyncDispose]: closeOnce,
  };
}
