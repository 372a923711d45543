// The one session interface, as WireMock has one `Admin`: a session's faults, stubs and journal, its reset,
// close and tokens. Two implementations: in the mock's own process (admin/local-session.ts,
// `mock.openSession()`) and over the admin route (admin/client.ts, `@banking-api/mock/admin`, for test files
// in other processes), both made from one table (admin/table.ts). The mock's default session is the same
// interface answering at once (`mock.faults`, `mock.stubs`, `mock.journal`). Types only, so the admin
// client loads nothing of Prism.
import type { operations } from '@banking-api/contract/api';
import type { Environment } from '../pki/dev-pki.ts';
import type { Fault } from './fault.ts';
import type { CallExpectation, JournalEntry, JournalFilter } from './journal.ts';
import { sessionHeader } from './names.ts';
import type { StoredStub, Stub } from './stub.ts';
import type { RegisteredWebhook, WebhookRegistration } from './webhooks.ts';

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
  /** The CA of the client certificate the mock presents when it delivers a webhook (PEM), for receivers. */
  webhookCa?: string;
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

/** A dev token to mint: by default every scope of the contract, for the connection's environment, for a day. */
export interface TokenRequest {
  /** Fewer scopes (`[]` for none), to test what the service refuses without them. */
  scopes?: readonly string[] | undefined;
  /** Another environment than the connection's (its certificate then no longer matches: a 403). */
  env?: Environment | undefined;
  /** Lifetime in whole seconds; negative makes an already expired token. */
  ttlSeconds?: number | undefined;
}

/** An operationId of the contract; any other string is refused at run time, naming the one meant. */
export type OperationName<Api = operations> = (keyof Api & string) | (string & {});

/**
 * A call that answers `T`: at once in the mock's own process (`Now`), or later, over the admin route or in
 * a session handle (`Later`).
 */
export type Now = 'now';
export type Later = 'later';
type Answered<T, When> = When extends Now ? T : Promise<T>;

export interface SessionFaults<When, Api = operations> {
  /** A fault for one operation, or `*` for every one; the fault as kept (checked: a TypeError says what is wrong). */
  set(operationId: OperationName<Api> | '*', fault: Fault): Answered<Fault, When>;
  clear(operationId?: OperationName<Api> | '*'): Answered<void, When>;
  list(): Answered<Record<string, Fault>, When>;
}

export interface SessionStubs<When, Api = operations> {
  /** Checked against the contract: a stub it forbids throws a StubRefusedError naming every violation. */
  add(stub: Stub<Api>): Answered<StoredStub<Api>, When>;
  /** False when the session has no such stub (any more). */
  remove(id: string): Answered<boolean, When>;
  clear(): Answered<void, When>;
  list(): Answered<StoredStub<Api>[], When>;
}

export interface SessionJournal<When> {
  entries(filter?: JournalFilter): Answered<JournalEntry[], When>;
  clear(): Answered<void, When>;
}

/**
 * The session's webhook registry (the mock's choice: the contract does not show how a URL is registered).
 * Deliveries go only to URLs registered here, and only in a stateful session.
 */
export interface SessionWebhooks<When> {
  /** Registers or replaces a webhook: an https URL, or `{ url, types?, signing?, faults? }` (a TypeError says what is wrong). */
  set(webhookId: string, registration: WebhookRegistration | string): Answered<RegisteredWebhook, When>;
  /** False when no such webhook is registered. */
  remove(webhookId: string): Answered<boolean, When>;
  clear(): Answered<void, When>;
  list(): Answered<RegisteredWebhook[], When>;
}

/** Client middleware (openapi-fetch's shape, as `@banking-api/client` takes it) that sends the session header. */
export interface SessionMiddleware {
  onRequest(params: { request: Request }): undefined;
}

/** One session of a running mock: its own faults, stubs, journal and state. */
export interface MockSession<Api = operations> {
  readonly id: string;
  /** The header to send on every request of this session. */
  readonly headers: Readonly<Record<string, string>>;
  /** Adds the header to every call of a client: `client.use(session.middleware)`. */
  readonly middleware: SessionMiddleware;
  readonly faults: SessionFaults<Later, Api>;
  readonly stubs: SessionStubs<Later, Api>;
  readonly webhooks: SessionWebhooks<Later>;
  readonly journal: SessionJournal<Later> & {
    /** The calls of `operationId` that meet the expectation; throws a MockExpectationError saying what came instead. */
    expectCalled(operationId: OperationName<Api>, expectation?: CallExpectation): Promise<JournalEntry[]>;
  };
  /** A dev token for the client under test: fewer scopes, another environment, a short or past expiry. */
  token(request?: TokenRequest): Promise<string>;
  /** Forgets the session's state, stubs, faults and journal. */
  reset(): Promise<void>;
  /** Closes the session (its requests are refused afterwards). */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
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
