// `@banking-api/mock/admin`: the admin route from a test file in another process than the mock (vitest and
// Jest run test files in workers; the mock runs once, in a global setup). Sessions with their faults, stubs,
// journal and tokens, as the same typed handle `mock.openSession()` gives in-process. It loads undici only,
// never Prism. Every call has a deadline and reads at most 16 MiB of answer; every failure is a typed error:
// the route's refusal (MockAdminError with its status), a transport failure or an answer that is not the
// route's (MockAdminError with status 0), a stub the contract forbids (StubRefusedError).
import { fileURLToPath } from 'node:url';
import type { operations } from '@banking-api/contract/api';
import { Agent } from 'undici';
import { MockAdminError } from '../api/errors.ts';
import type { MockSession, OpenSessionOptions, SessionInfo } from '../api/session.ts';
import type { UsageDocument } from '../api/usage.ts';
import { adminCall, type Call, type Connection, checkedConnection } from './call.ts';
import { remoteSession } from './remote-session.ts';
import { type MockAnswers, mockRoutes } from './table.ts';

export { DEFAULT_SESSION, sessionHeader } from '../api/names.ts';
export * from '../api/public.ts';

/** The admin route's OpenAPI document, shipped in the package. */
export const adminOpenapiPath: string = fileURLToPath(new URL('../../admin-openapi.yaml', import.meta.url));

export interface MockAdmin<Api = operations> {
  openSession(options?: OpenSessionOptions): Promise<MockSession<Api>>;
  /** The handle of a session opened elsewhere, by its id. */
  session(id: string): MockSession<Api>;
  /** The default session and the open sessions' count (other sessions' ids are theirs alone). */
  sessions(): Promise<{ sessions: SessionInfo[]; open: number }>;
  usage(): Promise<UsageDocument>;
  /** Closes the admin client's connections (not the sessions). */
  close(): Promise<void>;
}

/** An admin client of the mock at `connection.url`; each call is bounded by `timeoutMs` (default 10 s). */
export function connectMock<Api = operations>(
  connection: Connection,
  { timeoutMs = 10_000 }: { timeoutMs?: number | undefined } = {},
): MockAdmin<Api> {
  const { url, ca, cert, key, adminToken } = checkedConnection(connection);
  const agent = new Agent({
    connect: { ca, cert, key, timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const call: Call = adminCall({ url, adminToken }, agent, timeoutMs);
  const handle = (id: string) => remoteSession(call, id) as unknown as MockSession<Api>;
  return {
    async openSession(options = {}) {
      const answer = (await call(mockRoutes.openSession, { body: options })) as Partial<
        MockAnswers['openSession']
      >;
      if (typeof answer?.session?.id !== 'string')
        throw new MockAdminError(0, `POST /__mock/sessions answered no session: is ${url} the mock?`);
      return handle(answer.session.id);
    },
    session: handle,
    sessions: async () => (await call(mockRoutes.listSessions)) as MockAnswers['listSessions'],
    usage: async () => (await call(mockRoutes.readUsage)) as MockAnswers['readUsage'],
    close: () => agent.close(),
  };
}

/** A session of its own on the mock at `connection.url`; closing it also closes the admin client. */
export async function openMockSession<Api = operations>(
  connection: Connection,
  options: OpenSessionOptions & { timeoutMs?: number | undefined } = {},
): Promise<MockSession<Api>> {
  const { timeoutMs, ...sessionOptions } = options;
  const admin = connectMock<Api>(connection, { timeoutMs });
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
