// The second round of hostile and careless requests (the engine's secondRoundRequests), bounded: deep JSON, JSON that
// is not UTF-8, form bodies to JSON operations, personal data and secrets under a lower-case `bearer`,
// bodies cut off. No 5xx, no hang, each answer as the mock documents it, and afterwards the journal can
// be read and holds none of the personal data or secrets sent.

import { secondRoundRequests } from '@banking-api/conformance';
import fc from 'fast-check';
import { beforeAll, expect, test } from 'vitest';
import type { TestMock } from '../../support/mock-server.ts';
import { sharedMock } from '../../support/session.ts';
import { expectDocumentedAnswer, journalText } from './wire.ts';

export function hostileSuite(): void {
  let mock: TestMock;
  let token: string;
  beforeAll(async () => {
    ({ mock } = await sharedMock());
    token = await mock.token();
  });

  test('second round: no 5xx, no hang, the documented answer; the journal keeps no personal data', async () => {
    const sent: string[] = [];
    await fc.assert(
      fc.asyncProperty(secondRoundRequests(mock.model.operations, token), async (hostile) => {
        sent.push(...hostile.secrets);
        await expectDocumentedAnswer(mock, hostile);
      }),
      { numRuns: 60, endOnFailure: true },
    );
    const journal = await journalText(mock);
    expect(sent.filter((secret) => journal.includes(secret))).toEqual([]);
  });
}
