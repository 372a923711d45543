// The fast path gives the answer Prism would give. Two mocks, one with the fast path and one that asks
// Prism every time, get the same requests: for every operation of the model, its valid request with each
// named response example; then requests made invalid in every way the engine knows, and random
// preferences. Status, headers and body must be the same (an envelope's timestamp aside), and the valid
// requests after the first must not have crossed into Prism (the journal says what answered).
import { invalidRequestBodies, type Probe, validRequestFor } from '@banking-api/conformance';
import { type Operation, successResponses } from '@banking-api/contract';
import type { JournalEntry } from '@banking-api/mock';
import fc from 'fast-check';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestMock, type TestMock } from '../support/mock-server.ts';

let fast: TestMock;
/** What the fast mock logged: a request the validators accept and Prism refuses would be logged. */
const logged: string[] = [];
let prism: TestMock;
let agents: Agent[] = [];
let token: string;

beforeAll(async () => {
  [fast, prism] = await Promise.all([
    startTestMock({ log: (line) => logged.push(line) }),
    startTestMock({ fastPath: false }),
  ]);
  token = await fast.token();
  agents = [fast, prism].map(
    ({ mock }) => new Agent({ connect: { ca: mock.ca, ...mock.clients.sandbox }, connections: 4 }),
  );
});
afterAll(async () => {
  expect(logged).toEqual([]);
  await Promise.all(agents.map((a) => a.close()));
  await Promise.all([fast?.stop(), prism?.stop()]);
});

interface Seen {
  status: number;
  headers: Record<string, unknown>;
  body: unknown;
}

/** Headers of the exchange itself, not of the answer. */
const ownHeaders = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);

const send = (target: 0 | 1, probe: Probe, extra: Record<string, string> = {}): Promise<Seen> =>
  sendTo(target === 0 ? fast : prism, agents[target] as Agent, probe, extra);

/** The probe to `m` through `dispatcher`, with more headers; the answer as compared. */
async function sendTo(
  m: TestMock,
  dispatcher: Agent,
  probe: Probe,
  extra: Record<string, string>,
): Promise<Seen> {
  const answer = await request(`${m.mock.url}${probe.path}`, {
    dispatcher,
    method: probe.method as 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(probe.body ? { 'content-type': probe.body.contentType } : {}),
      ...probe.headers,
      ...extra,
    },
    body: probe.body?.text ?? null,
  });
  const text = await answer.body.text();
  const headers = Object.fromEntries(Object.entries(answer.headers).filter(([n]) => !ownHeaders.has(n)));
  return { status: answer.statusCode, headers, body: comparable(text) };
}

/** The probe with more query text. */
const withQuery = (probe: Probe, query: string): Probe =>
  query ? { ...probe, path: `${probe.path}${probe.path.includes('?') ? '&' : '?'}${query}` } : probe;

/** The body as JSON, without the error envelope's time of answer (it differs between any two answers). */
function comparable(text: string): unknown {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (body && typeof body === 'object' && 'timestamp' in body && 'status_code' in body)
      body.timestamp = '(time of answer)';
    return body;
  } catch {
    return text;
  }
}

let sent = 0;

const entryOf = (m: TestMock, requestId: string): JournalEntry | undefined =>
  m.mock.journal.entries().find((e) => e.requestId === requestId);

/** The names of an operation's success examples, each a `Prefer: example=` the mock may be asked for. */
function successExamples(op: Operation): string[] {
  return successResponses(op).flatMap((r) => r.content.flatMap((m) => m.examples.map((e) => e.name)));
}

describe('valid requests: the same answer, and from the second on without Prism', () => {
  test('every operation, with and without each named example', async () => {
    const ops = fast.model.operations;
    expect(ops.length).toBeGreaterThan(0);
    for (const op of ops) {
      const probe = validRequestFor(op);
      for (const prefer of [undefined, ...successExamples(op).map((name) => `example=${name}`)]) {
        const extra: Record<string, string> = prefer ? { prefer } : {};
        const expected = await send(1, probe, extra);
        const first = await send(0, probe, extra);
        const requestId = `fast-${++sent}`;
        const second = await send(0, probe, { ...extra, 'x-request-id': requestId });
        const label = `${op.operationId} ${prefer ?? ''}`;
        expect(expected.status, label).toBeLessThan(300);
        expect(first, label).toEqual(expected);
        expect(second, label).toEqual(expected);
        // A form is checked by Prism alone (the validators judge JSON bodies).
        const multipart = probe.body?.contentType.startsWith('multipart/') ?? false;
        await expect
          .poll(() => entryOf(fast, requestId)?.answeredBy, { message: label })
          .toBe(multipart ? 'prism' : 'example');
      }
    }
  }, 120_000);
});

/** Requests of every operation that the contract refuses, as the engine makes them. */
function refusedRequests(op: Operation): { label: string; probe: Probe }[] {
  const valid = validRequestFor(op);
  const out: { label: string; probe: Probe }[] = [];
  for (const media of op.requestBody?.content ?? [])
    for (const seed of [7, 8, 9])
      for (const { label, body } of invalidRequestBodies(media, { seed, max: 12 }))
        out.push({ label, probe: { ...valid, body } });
  for (const p of op.parameters.filter((p) => p.required && p.in !== 'path'))
    out.push({ label: `without ${p.in} ${p.name}`, probe: without(valid, p.in, p.name) });
  for (const p of op.parameters.filter((p) => p.in !== 'path'))
    out.push({ label: `${p.in} ${p.name} empty`, probe: withValue(valid, p.in, p.name, '') });
  if (op.requestBody?.required) out.push({ label: 'without a body', probe: { ...valid, body: undefined } });
  return out;
}

/** The probe without one header or query parameter. */
function without(probe: Probe, where: string, name: string): Probe {
  if (where === 'header')
    return {
      ...probe,
      headers: Object.fromEntries(Object.entries(probe.headers).filter(([n]) => n !== name)),
    };
  const url = new URL(probe.path, 'https://x');
  url.searchParams.delete(name);
  return { ...probe, path: `${url.pathname}${url.search}` };
}

/** The probe with one header or query parameter set to `value`. */
function withValue(probe: Probe, where: string, name: string, value: string): Probe {
  if (where === 'header') return { ...probe, headers: { ...probe.headers, [name]: value } };
  const url = new URL(probe.path, 'https://x');
  url.searchParams.set(name, value);
  return { ...probe, path: `${url.pathname}${url.search}` };
}

test('requests made invalid (bodies, parameters missing or empty) get the same answer from both', async () => {
  for (const op of fast.model.operations)
    for (const { label, probe } of refusedRequests(op)) {
      const [got, expected] = [await send(0, probe), await send(1, probe)];
      expect(got, `${op.operationId}: ${label}`).toEqual(expected);
    }
}, 120_000);

test('random Accept, Prefer and query noise: the same answer from both', async () => {
  const ops = fast.model.operations;
  const headerValue = fc.oneof(
    fc.constantFrom('application/json', '*/*', 'text/plain', 'application/xml, application/json;q=0.5'),
    fc.string({ maxLength: 12 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.nat({ max: ops.length - 1 }),
      fc.option(headerValue),
      fc.option(
        fc.constantFrom('code=200', 'code=201', 'code=404', 'example=nope', 'code=abc', 'dynamic=false', ''),
      ),
      fc.option(
        fc.constantFrom(
          'extra=1',
          '__code=400',
          '%5F%5Fcode=abc',
          '%5F%5Fexample=nope',
          '__code=200&__example=nope',
          'webhookId=',
          'webhookId=a&webhookId=b',
        ),
      ),
      async (at, accept, prefer, noise) => {
        const op = ops[at] as Operation;
        const probe = validRequestFor(op);
        const path = withQuery(probe, noise ?? '').path;
        const extra = { ...(accept ? { accept } : {}), ...(prefer !== null ? { prefer } : {}) };
        const [got, expected] = [
          await send(0, { ...probe, path }, extra),
          await send(1, { ...probe, path }, extra),
        ];
        expect(got, `${op.operationId} ${JSON.stringify({ accept, prefer, noise })}`).toEqual(expected);
      },
    ),
    { numRuns: 150, seed: 25 },
  );
}, 120_000);

test('what one request prefers (in Prefer or in the query, escaped or not) never changes what a plain one gets', async () => {
  // A mock of its own: the first request of each kind is the one whose answer could be kept.
  const fresh = await startTestMock();
  const agent = new Agent({ connect: { ca: fresh.mock.ca, ...fresh.mock.clients.sandbox } });
  try {
    const call = async (
      m: TestMock,
      dispatcher: Agent,
      op: Operation,
      query: string,
      headers: Record<string, string>,
    ) => {
      const probe = validRequestFor(op, { idempotency: 'example' }); // one identifier: the same echo
      const { status, body } = await sendTo(m, dispatcher, withQuery(probe, query), headers);
      return { status, body };
    };
    const poisons: [string, Record<string, string>][] = [
      ['%5F%5Fdynamic=true', {}],
      ['__example=invalid', { prefer: '' }],
      ['%5F%5Fcode=400', {}],
      ['__seed=1&__dynamic=true', {}],
    ];
    for (const op of fresh.model.operations) {
      for (const [query, headers] of poisons) await call(fresh, agent, op, query, headers);
      const plain = await call(fresh, agent, op, '', {});
      const again = await call(fresh, agent, op, '', {});
      const expected = await call(prism, agents[1] as Agent, op, '', {});
      expect(plain, op.operationId).toEqual(expected);
      expect(again, op.operationId).toEqual(expected);
    }
  } finally {
    await agent.close();
    await fresh.stop();
  }
}, 120_000);
