// The vocabulary of the mock's sessions, shared by the in-process handle (`mock.openSession()`) and the
// admin client (`@banking-api/mock/admin`, for test files in other processes): one typed handle either
// way. Types and small classes only, so the admin client loads nothing of Prism.
import type { Fault } from './faults.ts';
import type { JournalEntry, JournalFilter } from './journal.ts';
import type { StoredStub, Stub } from './stubs.ts';

/** The header that names a request's session. */
export const sessionHeader = 'x-mock-session';

/** The id of the default session: requests that send no session header. */
export const DEFAULT_SESSION = 'default';

/** How to reach a running mock from another process, as plain data (`mock.connection()`). */
export interface MockConnection {
  /** The gateway's https URL. */
  url: string;
  /** The CA of the gateway's server certificate (PEM). */
  ca: string;
  /** A client certificate and its key (PEM), of the environment the connection was made for. */
  cert: string;
  key: string;
  /** A dev token with every scope of the contract, for the client under test. */
  token: string;
  /** A token with the `mock.admin` scope, for the admin route. */
  adminToken: string;
}

/** A session as the admin route describes it. */
export interface SessionInfo {
  id: string;
  stateful: boolean;
  /** Closed after this long without use; null for the default session, which stays. */
  idleTimeoutSeconds: number | null;
  /** When it closes unless used again (ISO 8601); null for the default session. */
  expiresAt: string | null;
}

export interface OpenSessionOptions {
  /** The stateful sandbox in this session; default the mock's `--stateful`. */
  stateful?: boolean | undefined;
  /** Closed after this many seconds without a request or admin call; default 900. */
  idleTimeoutSeconds?: number | undefined;
}

/** What a test expects of the calls to one operation (`journal.expectCalled`). */
export interface CallExpectation {
  /** Exactly this many calls; default at least one. */
  times?: number | undefined;
  /** Only answers with this status (or class, `'4xx'`). */
  status?: JournalFilter['status'];
  /** How long to wait for the calls to reach the journal (an answer is journaled once sent); default 1000 ms. */
  within?: number | undefined;
  /** Only calls whose JSON body holds this part, whose query has these values, whose headers have these values. */
  where?:
    | {
        body?: unknown;
        query?: Record<string, string> | undefined;
        headers?: Record<string, string> | undefined;
      }
    | undefined;
}

/** Client middleware (openapi-fetch's shape, as `@banking-api/client` takes it) that sends the session header. */
export interface SessionMiddleware {
  onRequest(params: { request: Request }): undefined;
}

/** One session of a running mock: its own faults, stubs, journal and state. */
export interface MockSession {
  readonly id: string;
  /** The header to send on every request of this session. */
  readonly headers: Readonly<Record<string, string>>;
  /** Adds the header to every call of a client: `client.use(session.middleware)`. */
  readonly middleware: SessionMiddleware;
  readonly faults: {
    set(operationId: string, fault: Fault): Promise<void>;
    clear(operationId?: string): Promise<void>;
    list(): Promise<Record<string, Fault>>;
  };
  readonly stubs: {
    /** Checked against the contract: a stub it forbids throws a StubRefusedError naming every violation. */
    add(stub: Stub): Promise<StoredStub>;
    /** False when the session has no such stub (any more). */
    remove(id: string): Promise<boolean>;
    clear(): Promise<void>;
    list(): Promise<StoredStub[]>;
  };
  readonly journal: {
    entries(filter?: JournalFilter): Promise<JournalEntry[]>;
    clear(): Promise<void>;
    /** The calls of `operationId` that meet the expectation; throws a MockExpectationError saying what came instead. */
    expectCalled(operationId: string, expectation?: CallExpectation): Promise<JournalEntry[]>;
  };
  /** Forgets the session's state, stubs, faults and journal. */
  reset(): Promise<void>;
  /** Closes the session (its requests are refused afterwards). */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** A stub the contract forbids (or over the session's limits): `violations` says where and why. */
export class StubRefusedError extends Error {
  override readonly name: string = 'StubRefusedError';
  readonly violations: readonly { at: string; message: string }[];
  constructor(violations: readonly { at: string; message: string }[]) {
    super(`stub refused: ${violations.map((v) => `${v.at || '/'} ${v.message}`).join('; ')}`);
    this.violations = violations;
  }
}

/** A session handle used after it was closed (or after its session timed out and was closed). */
export class MockSessionClosedError extends Error {
  override readonly name: string = 'MockSessionClosedError';
  constructor(id: string) {
    super(
      `the mock session ${id} is closed: open another (mock.openSession(), or openMockSession() of @banking-api/mock/admin)`,
    );
  }
}

/** The journal does not hold the calls a test expected. */
export class MockExpectationError extends Error {
  override readonly name: string = 'MockExpectationError';
}

/** The admin route refused a call (status and the error envelope's message). */
export class MockAdminError extends Error {
  override readonly name: string = 'MockAdminError';
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** The middleware that sends `id` as the session header. */
export function sessionMiddleware(id: string): SessionMiddleware {
  return {
    onRequest({ request }) {
      request.headers.set(sessionHeader, id);
      return undefined;
    },
  };
}
