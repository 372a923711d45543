// `@banking-api/mock/admin`: the admin route from a test file in another process than the mock (vitest and
// Jest run test files in workers; the mock runs once, in a global setup). Sessions with their faults, stubs
// and journal, as the same typed handle `mock.openSession()` gives in-process. It loads undici only, never
// Prism. Every call has a deadline and reads at most 16 MiB of answer; every failure is a typed error: the
// route's refusal (MockAdminError with its status), a transport failure or an answer that is not the
// route's (MockAdminError with status 0), a stub the contract forbids (StubRefusedError).
import { fileURLToPath } from 'node:url';
import { Agent } from 'undici';
import {
  MockAdminError,
  type MockSession,
  MockSessionClosedError,
  type OpenSessionOptions,
  type SessionInfo,
  sessionHeader,
  sessionMiddleware,
} from './admin-api.ts';
import { adminCall, type Call, type Connection, checkedConnection } from './admin-call.ts';
import type { Fault } from './faults.ts';
import type { JournalEntry, JournalFilter } from './journal.ts';
import { settledCalls } from './journal-expect.ts';
import type { StoredStub } from './stubs.ts';
import type { UsageDocument } from './usage.ts';

export {
  type CallExpectation,
  DEFAULT_SESSION,
  MockAdminError,
  type MockConnection,
  MockExpectationError,
  type MockSession,
  MockSessionClosedError,
  type OpenSessionOptions,
  type SessionInfo,
  type SessionMiddleware,
  StubRefusedError,
  sessionHeader,
} from './admin-api.ts';
export type { Fault } from './faults.ts';
export type { JournalEntry, JournalFilter } from './journal.ts';
export type { StoredStub, Stub } from './stubs.ts';
export type { UsageDocument } from './usage.ts';

/** The admin route's OpenAPI document, shipped in the package. */
export const adminOpenapiPath: string = fileURLToPath(new URL('../admin-openapi.yaml', import.meta.url));

export interface MockAdmin {
  openSession(options?: OpenSessionOptions): Promise<MockSession>;
  /** The handle of a session opened elsewhere, by its id. */
  session(id: string): MockSession;
  /** The default session and the open sessions' count (other sessions' ids are theirs alone). */
  sessions(): Promise<{ sessions: SessionInfo[]; open: number }>;
  usage(): Promise<UsageDocument>;
  /** Closes the admin client's connections (not the sessions). */
  close(): Promise<void>;
}

/** An admin client of the mock at `connection.url`; each call is bounded by `timeoutMs` (default 10 s). */
export function connectMock(
  connection: Connection,
  { timeoutMs = 10_000 }: { timeoutMs?: number | undefined } = {},
): MockAdmin {
  const { url, ca, cert, key, adminToken } = checkedConnection(connection);
  const agent = new Agent({
    connect: { ca, cert, key, timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const call = adminCall({ url, adminToken }, agent, timeoutMs);
  return {
    async openSession(options = {}) {
      const answer = (await call('POST', 'sessions', { body: options })) as { session?: SessionInfo };
      if (typeof answer?.session?.id !== 'string')
        throw new MockAdminError(0, `POST /__mock/sessions answered no session: is ${url} the mock?`);
      return remoteSession(call, answer.session.id);
    },
    session: (id) => remoteSession(call, id),
    sessions: async () => (await call('GET', 'sessions')) as { sessions: SessionInfo[]; open: number },
    usage: async () => (await call('GET', 'usage')) as UsageDocument,
    close: () => agent.close(),
  };
}

/** A session of its own on the mock at `connection.url`; closing it also closes the admin client. */
export async function openMockSession(
  connection: Connection,
  options: OpenSessionOptions & { timeoutMs?: number | undefined } = {},
): Promise<MockSession> {
  const { timeoutMs, ...sessionOptions } = options;
  const admin = connectMock(connection, { timeoutMs });
  try {
    const session = await admin.openSession(sessionOptions);
    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= session.close().finally(() => admin.close());
      return closing;
    };
    return { ...session, close, [Symbol.asyncDispose]: close };
  } catch (error) {
    await admin.close();
    throw error;
  }
}

function remoteSession(call: Call, id: string): MockSession {
  let closed = false;
  const inSession = (method: string, path: string, body?: unknown) => {
    if (closed) return Promise.reject(new MockSessionClosedError(id));
    return call(method, path, { session: id, body }).catch((error: unknown) => {
      throw error instanceof MockAdminError && /UNKNOWN_MOCK_SESSION/.test(error.message)
        ? new MockSessionClosedError(id)
        : error;
    });
  };
  const answerless = async (method: string, path: string) => {
    await inSession(method, path);
  };
  const entries = async (filter: JournalFilter = {}) =>
    ((await inSession('GET', `journal${filterQuery(filter)}`)) as { entries: JournalEntry[] }).entries;
  const defaultCalls = async (operationId: string) =>
    ((await call('GET', `journal${filterQuery({ operationId })}`)) as { entries: unknown[] }).entries.length;
  const close = async () => {
    if (closed) return;
    closed = true;
    // Closed already (timed out, or by another handle): there is nothing left to close.
    await call('DELETE', `sessions/${encodeURIComponent(id)}`).catch((error: unknown) => {
      if (!(error instanceof MockAdminError && error.status === 404)) throw error;
    });
  };
  return {
    id,
    headers: { [sessionHeader]: id },
    middleware: sessionMiddleware(id),
    faults: {
      set: async (operationId, fault) => {
        await inSession('PUT', `faults/${encodeURIComponent(operationId)}`, fault);
      },
      clear: (operationId) =>
        answerless('DELETE', `faults${operationId ? `/${encodeURIComponent(operationId)}` : ''}`),
      list: async () => ((await inSession('GET', 'faults')) as { faults: Record<string, Fault> }).faults,
    },
    stubs: {
      add: async (stub) => ((await inSession('POST', 'stubs', stub)) as { stub: StoredStub }).stub,
      remove: (stubId) =>
        inSession('DELETE', `stubs/${encodeURIComponent(stubId)}`).then(() => true, notFoundAs(false)),
      clear: () => answerless('DELETE', 'stubs'),
      list: async () => ((await inSession('GET', 'stubs')) as { stubs: StoredStub[] }).stubs,
    },
    journal: {
      entries,
      clear: () => answerless('DELETE', 'journal'),
      expectCalled: (operationId, expectation) =>
        settledCalls(
          () => entries({ operationId }),
          operationId,
          expectation,
          () => defaultCalls(operationId),
        ),
    },
    reset: () => answerless('POST', 'reset'),
    close,
    [Symbol.asyncDispose]: close,
  };
}

const notFoundAs =
  <T>(value: T) =>
  (error: unknown): T => {
    if (error instanceof MockAdminError && error.status === 404) return value;
    throw error;
  };

function filterQuery(filter: JournalFilter): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter))
    if (value !== undefined) params.set(name, value instanceof Date ? value.toISOString() : String(value));
  return params.size ? `?${params}` : '';
}
