// Trying to break the mock: valid requests with their bytes mutated (request line, headers, body,
// multipart) over real TLS, and bodies made invalid by each operation's schema. Whatever arrives, the
// mock neither crashes, nor answers 5xx, nor holds the connection past 5 s; what breaks the schema is
// refused with 400 VALIDATION_ERROR.

import {
  honestLength,
  forbiddenBodies as invalidBodies,
  mutate,
  byteMutation as mutation,
} from '@banking-api/conformance';
import { requestMedia } from '@banking-api/contract';
import fc from 'fast-check';
import type { Agent } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { accountId, raw, rawAgent } from '../../support/clients.ts';
import type { TestMock } from '../../support/mock-server.ts';
import { validRequest } from '../../support/requests.ts';
import { sharedMock } from '../../support/session.ts';
import type { Operation, Spec } from '../../support/spec.ts';
import { requestBytes, sendToMock } from './wire.ts';

let mock: TestMock;
let spec: Spec;
let agent: Agent;
let token: string;

export function fuzzSuite(): void {
  beforeAll(async () => {
    ({ mock, spec } = await sharedMock());
    agent = rawAgent(mock);
    token = await mock.token();
  });
  afterAll(async () => {
    await agent?.close();
  });

  test('mutated bytes of valid requests: no 5xx, no hang, the mock goes on', async () => {
    const cases = fc.record({
      op: fc.constantFrom(...spec.operations),
      mutations: fc.array(mutation, { minLength: 1, maxLength: 4 }),
      honest: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ op, mutations, honest }) => {
        let bytes: Buffer = Buffer.from(requestBytes(op, validRequest(op).url, token), 'latin1');
        for (const m of mutations) bytes = mutate(bytes, m);
        if (honest) bytes = honestLength(bytes);
        const answer = await sendToMock(mock, bytes, 5000, 500);
        expect(answer.closed, answer.text).toBe(true);
        for (const status of answer.statuses) expect(status, answer.text).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
    const served = await sendToMock(
      mock,
      requestBytes(spec.operations[0] as Operation, validRequest(spec.operations[0] as Operation).url, token),
    );
    expect(served.status).toBeLessThan(300);
  });

  test('bodies made invalid by the schema, for every operation with one: 400 VALIDATION_ERROR', async () => {
    const headers = {
      authorization: `Bearer ${token}`,
      'x-account-id': accountId,
      'content-type': 'application/json',
    };
    await fc.assert(
      fc.asyncProperty(invalidBodies(spec.operations), async ({ op, body, why }) => {
        const { url } = validRequest(op);
        const answer = await raw(agent, mock.url + url, {
          method: op.method,
          headers,
          body: JSON.stringify(body),
        });
        expect(answer.status, `${op.operationId}: ${why}: ${answer.text}`).toBe(400);
        expect(answer.body).toMatchObject({ status_code: 400, code: 'VALIDATION_ERROR' });
      }),
      { numRuns: 150 },
    );
  });

  test('a body where the operation takes none, or takes another kind: refused with 4xx', async () => {
    const headers = { authorization: `Bearer ${token}`, 'x-account-id': accountId };
    for (const op of spec.operations) {
      const { url } = validRequest(op);
      const media = requestMedia(op)?.mediaType;
      const [type, body] =
        media === 'application/json' ? ['text/plain', 'plain words'] : ['application/json', '{"a":1}'];
      const answer = await raw(agent, mock.url + url, {
        method: op.method,
        headers: { ...headers, 'content-type': type },
        body,
      });
      expect(answer.status, `${op.operationId}: ${answer.text}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${op.operationId}: ${answer.text}`).toBeLessThan(500);
    }
  });
}
