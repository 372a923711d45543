// The session interface over the admin route (api/session.ts): each method of the handle made from its
// entry in the table (admin/table.ts), sent in the session by its header; `expectCalled` read from the
// journal as in-process; `close` through the mock's own route. A session the mock closed (or that timed
// out) answers UNKNOWN_MOCK_SESSION, which the handle throws as MockSessionClosedError.
import { MockAdminError, MockSessionClosedError } from '../api/errors.ts';
import type { JournalEntry } from '../api/journal.ts';
import { sessionHeader } from '../api/names.ts';
import { type MockSession, sessionMiddleware } from '../api/session.ts';
import type { AnyOperations } from '../api/stub.ts';
import { settledCalls } from '../session/expectations.ts';
import type { Call } from './call.ts';
import { mockRoutes, type Route, sessionCalls, sessionRoutes } from './table.ts';

type Calls = Record<string, unknown>;

export function remoteSession(call: Call, id: string): MockSession<AnyOperations> {
  let closed = false;
  const send = async (route: Route<unknown[], unknown>, args: unknown[]) => {
    if (closed) throw new MockSessionClosedError(id);
    try {
      return route.result(await call(route, route.send(...args), id));
    } catch (error) {
      if (error instanceof MockAdminError && /UNKNOWN_MOCK_SESSION/.test(error.message))
        throw new MockSessionClosedError(id);
      if (error instanceof MockAdminError && error.status === 404 && route.missing) return false;
      throw error;
    }
  };
  const handle: Calls = {};
  for (const { route, at } of sessionCalls()) {
    const [group, name] = at;
    const made = (...args: unknown[]) => send(route, args);
    if (name === undefined) handle[group] = made;
    else handle[group] = { ...(handle[group] as Calls | undefined), [name]: made };
  }
  const entries = handle.journal as { entries: MockSession['journal']['entries'] };
  const defaultCalls = async (operationId: string) =>
    sessionRoutes.journal.entries.result(
      await call(sessionRoutes.journal.entries, sessionRoutes.journal.entries.send({ operationId })),
    ).length;
  const close = async () => {
    if (closed) return;
    closed = true;
    // Closed already (timed out, or by another handle): there is nothing left to close.
    await call(mockRoutes.closeSession, { segment: id }).catch((error: unknown) => {
      if (!(error instanceof MockAdminError && error.status === 404)) throw error;
    });
  };
  const journal = {
    ...(handle.journal as object),
    expectCalled: (
      operationId: string,
      expectation?: Parameters<MockSession['journal']['expectCalled']>[1],
    ) =>
      settledCalls(
        () => entries.entries({ operationId }) as Promise<JournalEntry[]>,
        operationId,
        expectation,
        () => defaultCalls(operationId),
      ),
  };
  return {
    ...(handle as unknown as Pick<
      MockSession<AnyOperations>,
      'faults' | 'stubs' | 'webhooks' | 'token' | 'reset'
    >),
    id,
    headers: { [sessionHeader]: id },
    middleware: sessionMiddleware(id),
    journal: journal as MockSession<AnyOperations>['journal'],
    close,
    [Symbol.asyncDispose]: close,
  };
}
