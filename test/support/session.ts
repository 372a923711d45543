// The one mock behind the gateway suites (test/contract/mock.test.ts): started on first use, so each
// suite's beforeAll can ask for it, and stopped once by the aggregating file; and the session a suite
// works with (a token, a client and a raw agent of that mock).
import type { Agent } from 'undici';
import { afterAll, beforeAll } from 'vitest';
import { bankingClient, rawAgent } from './clients.ts';
import { startTestMock, type TestMock } from './mock-server.ts';
import { type Spec, specOf } from './spec.ts';

let shared: Promise<{ mock: TestMock; spec: Spec }> | undefined;

export function sharedMock(): Promise<{ mock: TestMock; spec: Spec }> {
  shared ??= startTestMock().then((mock) => ({ mock, spec: specOf(mock.model) }));
  return shared;
}

export async function stopSharedMock(): Promise<void> {
  const started = await shared;
  shared = undefined;
  await started?.mock.stop();
}

/** What a suite works with: the shared mock, its contract, a sandbox token, a client and a raw agent. */
export interface Session {
  mock: TestMock;
  spec: Spec;
  /** A sandbox token with both webhook scopes. */
  token: string;
  client: ReturnType<typeof bankingClient>;
  agent: Agent;
}

/**
 * A session filled in by the beforeAll this registers (so call it in a describe or suite body) and
 * closed by its afterAll. Read its fields inside tests only.
 */
export function useSession(): Session {
  const session = {} as Session;
  beforeAll(async () => {
    const { mock, spec } = await sharedMock();
    const token = await mock.token();
    Object.assign(session, { mock, spec, token, client: bankingClient(mock, token), agent: rawAgent(mock) });
  });
  afterAll(async () => {
    await session.client?.close();
    await session.agent?.close();
  });
  return session;
}
