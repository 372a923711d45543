// The second round of hostile and careless requests (helpers/hostile.ts), bounded: deep JSON, JSON that
// is not UTF-8, form bodies to JSON operations, personal data and secrets under a lower-case `bearer`,
// bodies cut off. No 5xx, no hang, each answer as the mock documents it, and afterwards the journal can
// be read and holds none of the personal data or secrets sent.
import fc from 'fast-check';
import { beforeAll, expect, test } from 'vitest';
import type { TestMock } from '../../support/mock-server.ts';
import { raw, rawAgent } from '../helpers/clients.ts';
import { hostileRequests } from '../helpers/hostile.ts';
import { sharedMock } from '../helpers/shared.ts';
import { sendOverTls } from '../helpers/wire.ts';

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
      fc.asyncProperty(hostileRequests(mock.model.operations, token), async (hostile) => {
        sent.push(...hostile.secrets);
        const answer = await sendOverTls(mock, hostile.bytes, 5000, 300);
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
