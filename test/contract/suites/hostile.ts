// The second round of hostile and careless requests (the engine's secondRoundRequests), bounded: deep JSON, JSON that
// is not UTF-8, form bodies to JSON operations, personal data and secrets under a lower-case `bearer`,
// bodies cut off. No 5xx, no hang, each answer as the mock documents it, and afterwards the journal can
// be read and holds none of the personal data or secrets sent.

import { secondRoundRequests, sendOverTls } from '@banking-api/conformance';
import fc from 'fast-check';
import { beforeAll, expect, test } from 'vitest';
import { raw, rawAgent, tlsEndpoint } from '../../support/clients.ts';
import type { TestMock } from '../../support/mock-server.ts';
import { sharedMock } from '../../support/session.ts';

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
        const answer = await sendOverTls(tlsEndpoint(mock), hostile.bytes, 5000, 300);
        expect(answer.closed, hostile.what).toBe(true);
        for (const status of answer.statuses) expect(status, hostile.what).toBeLessThan(500);
        if (hostile.expect !== 'below-500') expect(answer.status, hostile.what).toBe(hostile.expect);
      }),
      { numRuns: 60, endOnFailure: true },
    );
    const agent = rawAgent(mock);
    const journal = await raw(agent, `${mock.url}/__mock/journal`, {
      method: 'GET',
      headers: { authorization: `bearer ${await mock.mock.adminToken()}` },
    });
    await agent.close();
    expect(journal.status).toBe(200);
    expect(sent.filter((secret) => journal.text.includes(secret))).toEqual([]);
  });
}
