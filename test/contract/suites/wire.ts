// The hostile suites' one way of talking to the shared mock over the wire, written once: a valid request as
// bytes, sent over real mTLS; what every round of hostile requests (the engine's second and third rounds)
// asks of each answer (closed, never a 5xx, the status it documents and none it must not have); and the
// journal read with the admin token, to search for what must not be kept.
import {
  type HostileRequest,
  renderRequest,
  sendOverTls,
  validRequestFor,
  type WireAnswer,
} from '@banking-api/conformance';
import type { Operation } from '@banking-api/contract';
import { expect } from 'vitest';
import { raw, rawAgent, tlsEndpoint } from '../../support/clients.ts';
import type { TestMock } from '../../support/mock-server.ts';

/** A valid request for `op` sent to `target` (any spelling of its path) with `token`, as bytes. */
export const requestBytes = (op: Operation, target: string, token: string): string =>
  renderRequest(validRequestFor(op, { idempotency: 'example' }), { token, target });

/** Bytes sent to the mock inside a mutually authenticated TLS connection (the engine's waits unless given). */
export const sendToMock = (
  mock: TestMock,
  bytes: string | Buffer,
  waitMs?: number,
  quietMs?: number,
): Promise<WireAnswer> => sendOverTls(tlsEndpoint(mock), bytes, waitMs, quietMs);

/** Sends one hostile request and holds its answer to what the mock documents for it. */
export async function expectDocumentedAnswer(
  mock: TestMock,
  hostile: HostileRequest & { never?: readonly number[] },
): Promise<void> {
  const answer = await sendToMock(mock, hostile.bytes, 5000, 300);
  expect(answer.closed, hostile.what).toBe(true);
  for (const status of answer.statuses) expect(status, hostile.what).toBeLessThan(500);
  if (hostile.expect !== 'below-500') expect(answer.status, hostile.what).toBe(hostile.expect);
  for (const never of hostile.never ?? []) expect(answer.status, hostile.what).not.toBe(never);
}

/** The mock's journal as the admin reads it (its text; the read itself must succeed). */
export async function journalText(mock: TestMock): Promise<string> {
  const agent = rawAgent(mock);
  const journal = await raw(agent, `${mock.url}/__mock/journal`, {
    method: 'GET',
    headers: { authorization: `bearer ${await mock.mock.adminToken()}` },
  });
  await agent.close();
  expect(journal.status).toBe(200);
  return journal.text;
}
