// The admin route and the session header face input nobody here wrote: random JSON as stubs, faults and
// session options, random journal filters and session names. Every answer is a 2xx or a 4xx in the
// contract's error envelope, never a 5xx or a hang, and the mock goes on serving afterwards.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestMock, type TestMock } from '../support/mock-server.ts';
import { type Caller, caller, operation, validCall } from './mtls.ts';

let m: TestMock;
let client: Caller;
let admin: string;
let token: string;
beforeAll(async () => {
  m = await startTestMock({ sessionLimits: { maxSessions: 8 } });
  client = caller(m.mock);
  admin = await m.mock.adminToken();
  token = await m.token();
});
afterAll(async () => {
  await client?.close();
  await m?.stop();
});

const envelopeOrSuccess = (status: number, body: unknown) =>
  status < 300 || (status < 500 && typeof (body as { code?: unknown })?.code === 'string');

/** JSON that looks a little like a stub, and sometimes is one. */
const stubLike = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.record(
    {
      operationId: fc.oneof(fc.constantFrom('createCard', 'listWebhookLogs', 'refundPix'), fc.string()),
      answer: fc.oneof(
        fc.record(
          {
            status: fc.oneof(fc.integer({ min: 0, max: 700 }), fc.constant(200)),
            body: fc.jsonValue({ maxDepth: 3 }),
          },
          { requiredKeys: ['status'] },
        ),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      when: fc.jsonValue({ maxDepth: 3 }),
      times: fc.oneof(fc.integer(), fc.double(), fc.string()),
    },
    { requiredKeys: [] },
  ),
);

/** The sessions the property opened, closed after each run so that the next has room. */
const opened: string[] = [];

async function closeOpenedSessions(): Promise<void> {
  for (const id of opened.splice(0)) await client.call('DELETE', `/__mock/sessions/${id}`, { token: admin });
}

test('random stubs, faults and session options: a 2xx or an envelope 4xx, never a 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(
      stubLike,
      fc.jsonValue({ maxDepth: 3 }),
      fc.jsonValue({ maxDepth: 2 }),
      async (stub, fault, options) => {
        for (const [method, path, body] of [
          ['POST', '/__mock/stubs', stub],
          ['PUT', '/__mock/faults/createCard', fault],
          ['POST', '/__mock/sessions', options],
        ] as const) {
          const answer = await client.call(method, path, { token: admin, body });
          const id = (answer.body as { session?: { id?: string } })?.session?.id;
          if (id) opened.push(id);
          expect(
            envelopeOrSuccess(answer.status, answer.body),
            `${method} ${path} ${JSON.stringify(body)} → ${answer.status}`,
          ).toBe(true);
        }
        // Whatever was stubbed or faulted, a valid call still gets an answer that is not a mock fault.
        const { method, url, body, headers } = validCall(operation(m.mock, 'createCard'));
        const answer = await client.call(method, url, { token, body, headers });
        expect(answer.status === 500 ? (answer.body as { code?: string }).code : 'ok').not.toBe(
          'INTERNAL_ERROR',
        );
        await client.call('POST', '/__mock/reset', { token: admin });
        await closeOpenedSessions();
      },
    ),
    { numRuns: 120, seed: 251 },
  );
}, 120_000);

test('random journal filters and session names: answered, never a 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(fc.string({ maxLength: 80 }), fc.string({ maxLength: 80 }), async (query, session) => {
      const target = `/__mock/journal?${encodeURIComponent(query).replaceAll('%3D', '=').replaceAll('%26', '&')}`;
      const headers: Record<string, string> =
        /^[\x21-\x7e]*$/.test(session) && session ? { 'x-mock-session': session } : {};
      const journal = await client.call('GET', target, { token: admin, headers });
      expect(envelopeOrSuccess(journal.status, journal.body), `${target} → ${journal.status}`).toBe(true);
      const { method, url, body, headers: own } = validCall(operation(m.mock, 'listWebhookLogs'));
      const call = await client.call(method, url, { token, body, headers: { ...own, ...headers } });
      expect([200, 400]).toContain(call.status);
    }),
    { numRuns: 150, seed: 252 },
  );
}, 120_000);
