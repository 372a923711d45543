// The third round of hostile requests about the mock's input (the engine's thirdRoundRequests, issue 37),
// bounded: a path segment written as `.` or `..` in any writing, a legal request of many small headers under
// the header limit, alphanumeric CNPJs in the body, query and headers. No 5xx, no hang, each answer as the mock
// documents it (an escaped dot segment 400, never 431 under the limit), and afterwards the journal can be read
// and holds none of the CNPJs sent, in any writing.
import { sendOverTls, thirdRoundRequests } from '@banking-api/conformance';
import fc from 'fast-check';
import { beforeAll, expect, test } from 'vitest';
import { raw, rawAgent, tlsEndpoint } from '../../support/clients.ts';
import type { TestMock } from '../../support/mock-server.ts';
import { sharedMock } from '../../support/session.ts';

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
        const answer = await sendOverTls(tlsEndpoint(mock), hostile.bytes, 5000, 300);
        expect(answer.closed, hostile.what).toBe(true);
        for (const status of answer.statuses) expect(status, hostile.what).toBeLessThan(500);
        if (hostile.expect !== 'below-500') expect(answer.status, hostile.what).toBe(hostile.expect);
        for (const never of hostile.never ?? []) expect(answer.status, hostile.what).not.toBe(never);
      }),
      { numRuns: 90, endOnFailure: true },
    );
    expect(kinds.size, [...kinds].join(', ')).toBe(3); // each class was sent
    const agent = rawAgent(mock);
    const journal = await raw(agent, `${mock.url}/__mock/journal`, {
      method: 'GET',
      headers: { authorization: `bearer ${await mock.mock.adminToken()}` },
    });
    await agent.close();
    expect(journal.status).toBe(200);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((secret) => journal.text.toLowerCase().includes(secret.toLowerCase()))).toEqual([]);
  });
}
