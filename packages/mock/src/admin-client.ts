// `@banking-api/mock/admin`: the admin route from a test file in another process than the mock (vitest and
// Jest run test files in workers; the mock runs once, in a global setup). Sessions with their faults, stubs
// and journal, as the same typed handle `mock.openSession()` gives in-process. It loads undici only, never
// Prism; every call has a deadline, and a refusal is a typed error with the mock's message.
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import {
  MockAdminError,
  type MockConnection,
  type MockSession,
  type OpenSessionOptions,
  type SessionInfo,
  StubRefusedError,
  sessionHeader,
  sessionMiddleware,
} from './admin-api.ts';
import type { Fault } from './faults.ts';
import type { JournalEntry, JournalFilter } from './journal.ts';
import { settledCalls } from './journal-expect.ts';
import type { StoredStub } from './stubs.ts';
import type { UsageDocument } from './usage.ts';

/** The admin route's OpenAPI document, shipped in the package. */
export const adminOpenapiPath: string = fileURLToPath(new URL('../admin-openapi.yaml', import.meta.url));

export interface MockAdmin {
  openSession(options?: OpenSessionOptions): Promise<MockSession>;
  /** The handle of a session opened elsewhere, by its id. */
  session(id: string): MockSession;
  sessions(): Promise<SessionInfo[]>;
  usage(): Promise<UsageDocument>;
  /** Closes the admin client's connections (not the sessions). */
  close(): Promise<void>;
}

type Connection = Pick<MockConnection, 'url' | 'ca' | 'cert' | 'key' | 'adminToken'>;
type Call = (
  method: string,
  path: string,
  options?: { session?: string; body?: unknown },
) => Promise<unknown>;

/** An admin client of the mock at `connection.url`; each call is bounded by `timeoutMs` (default 10 s). */
export function connectMock(
  connection: Connection,
  { timeoutMs = 10_000 }: { timeoutMs?: number | undefined } = {},
): MockAdmin {
  const agent = new Agent({
    connect: { ca: connection.ca, cert: connection.cert, key: connection.key, timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const call = adminCall(connection, agent, timeoutMs);
  return {
    async openSession(options = {}) {
      const { session } = (await call('POST', 'sessions', { body: options })) as { session: SessionInfo };
      return remoteSession(call, session.id);
    },
    session: (id) => remoteSession(call, id),
    sessions: async () => ((await call('GET', 'sessions')) as { sessions: SessionInfo[] }).sessions,
    usage: async () => (await call('GET', 'usage')) as UsageDocument,
    close: () => agent.close(),
  };
}

/** A session of its own on the mock at `connection.url`; closing it also closes the admin client. */
export async function openMockSession(
  connection: Connection,
  options: OpenSessionOptions & { timeoutMs?: number | undefined } = {},
): Promise<MockSession> {
  const admin = connectMock(connection, { timeoutMs: options.timeoutMs });
  try {
    const session = await admin.openSession(options);
    const close = () => session.close().finally(() => admin.close());
    return { ...session, close, [Symbol.asyncDispose]: close };
  } catch (error) {
    await admin.close();
    throw error;
  }
}

function remoteSession(call: Call, id: string): MockSession {
  const on = (method: string, path: string, body?: unknown) => call(method, path, { session: id, body });
  const nothing = async (method: string, path: string) => {
    await on(method, path);
  };
  const entries = async (filter: JournalFilter = {}) =>
    ((await on('GET', `journal${filterQuery(filter)}`)) as { entries: JournalEntry[] }).entries;
  const close = () => nothing('DELETE', `sessions/${encodeURIComponent(id)}`);
  return {
    id,
    headers: { [sessionHeader]: id },
    middleware: sessionMiddleware(id),
    faults: {
      set: async (operationId, fault) => {
        await on('PUT', `faults/${encodeURIComponent(operationId)}`, fault);
      },
      clear: (operationId) =>
        nothing('DELETE', `faults${operationId ? `/${encodeURIComponent(operationId)}` : ''}`),
      list: async () => ((await on('GET', 'faults')) as { faults: Record<string, Fault> }).faults,
    },
    stubs: {
      add: async (stub) => ((await on('POST', 'stubs', stub)) as { stub: StoredStub }).stub,
      remove: (stubId) =>
        on('DELETE', `stubs/${encodeURIComponent(stubId)}`).then(() => true, notFoundAs(false)),
      clear: () => nothing('DELETE', 'stubs'),
      list: async () => ((await on('GET', 'stubs')) as { stubs: StoredStub[] }).stubs,
    },
    journal: {
      entries,
      clear: () => nothing('DELETE', 'journal'),
      expectCalled: (operationId, expectation) =>
        settledCalls(() => entries({ operationId }), operationId, expectation),
    },
    reset: () => nothing('POST', 'reset'),
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

/** One admin call: the JSON it answers, or the refusal as a typed error. */
function adminCall(connection: Connection, agent: Agent, timeoutMs: number): Call {
  const base = `${connection.url.replace(/\/+$/, '')}/__mock/`;
  return async (method, path, { session, body } = {}) => {
    const answer = await request(`${base}${path}`, {
      dispatcher: agent,
      method: method as 'GET',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        authorization: `Bearer ${connection.adminToken}`,
        ...(session ? { [sessionHeader]: session } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await answer.body.text();
    const json = text ? (JSON.parse(text) as unknown) : undefined;
    if (answer.statusCode < 300) return json;
    throw refusal(answer.statusCode, json, `${method} /__mock/${path.split('?')[0]}`);
  };
}

type Envelope = { message?: string; details?: { field?: string; code?: string; message?: string }[] };

function refusal(status: number, json: unknown, what: string): Error {
  const envelope = (json ?? {}) as Envelope;
  const details = envelope.details ?? [];
  if (status === 400 && details.some((d) => d.code === 'stub_refused'))
    return new StubRefusedError(details.map((d) => ({ at: d.field ?? '', message: d.message ?? '' })));
  const said = [envelope.message, ...details.map((d) => d.message)].filter(Boolean).join(' ');
  return new MockAdminError(status, `${what} answered ${status}: ${said || 'no message'}`);
}
