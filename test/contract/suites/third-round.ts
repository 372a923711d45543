// The third round of hostile requests about the mock's input (the engine's thirdRoundRequests, issue 37),
// bounded: a path segment written as `.` or `..` in any writing, a legal request of many small headers under
// the header limit, alphanumeric CNPJs in the body, query and headers. No 5xx, no hang, each answer as the mock
// documents it (an escaped dot segment 400, never 431 under the limit), and afterwards the journal can be read
// and holds none of the CNPJs sent, in any writing.
import { thirdRoundRequests } from '@banking-api/conformance';
import fc from 'fast-check';
import { beforeAll, expect, test } from 'vitest';
import type { TestMock } from '../../support/mock-server.ts';
import { sharedMock } from '../../support/session.ts';
import { expectDocumentedAnswer, journalText } from './wire.ts';

export function thirdRoundSuite(): void {
  let mock: TestMock;
  let token: string;
  beforeAll(async () => {
    ({ mock } = await sharedMock());
    token = await mock.token();
  });

  test('third round: no 5xx, no hang, the documented answer; the journal keeps no CNPJ', async () => {
    const sent: string[] = [];
    const kinds = new Set<string>();
    await fc.assert(
      fc.asyncProperty(thirdRoundRequests(mock.model.operations, token), async (hostile) => {
        sent.push(...hostile.secrets);
        kinds.add(hostile.kind);
        await expectDocumentedAnswer(mock, hostile);
      }),
      { numRuns: 90, endOnFailure: true },
    );
    expect(kinds.size, [...kinds].join(', ')).toBe(3); // each class was sent
    const journal = await journalText(mock);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((secret) => journal.toLowerCase().includes(secret.toLowerCase()))).toEqual([]);
  });
}
