// Path and query parameters reach the server as the caller gave them, and nowhere else (issue 37): over real
// mTLS, for every operation of the model with path or query parameters, fast-check values of any text
// (separators, escapes, `$`-patterns, non-ASCII, dots among other characters) arrive in their own segment
// or query parameter and decode to exactly the value, the path keeping the template's segments; and a
// value a server would read as `.` or `..` (percent-encoded in any case, decoded more than once, overlong
// UTF-8, full-width, with separators, `;x` or trailing spaces) is refused with PathParameterError naming the
// parameter, with nothing sent.
import { contractModel, type Operation } from '@banking-api/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBankingClient, PathParameterError } from '../src/index.js';
import { json, makePki, type Pki, rejection, startServer, type TestServer } from './harness.js';

const { operations } = contractModel();
const namesIn = (op: Operation, where: string) =>
  op.parameters.filter((p) => p.in === where).map((p) => p.name);
const withPath = operations.filter((op) => namesIn(op, 'path').length > 0);
const withQuery = operations.filter((op) => namesIn(op, 'query').length > 0);
const byKey = new Map(operations.map((op) => [op.key, op]));
/** The key of one of `ops` (a counterexample names the operation, not its whole model). */
const oneOf = (ops: Operation[]) => fc.constantFrom(...ops.map((op) => op.key));

let pki: Pki;
let server: TestServer;
let client: ReturnType<typeof createBankingClient>;

beforeAll(async () => {
  pki = makePki();
  server = await startServer(pki);
  server.handle((_req, res) => json(res, 200, {}));
  client = createBankingClient({
    baseUrl: server.url,
    tls: { cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert },
    token: 'static-token',
    accountId: 'acc-1',
  });
});
afterAll(async () => {
  await client.close();
  await server.close();
});

type Caller = (path: string, init: object) => Promise<{ response: Response }>;
const callOf = (op: Operation, params: object) =>
  (client as unknown as Record<string, Caller>)[op.method]?.(op.path, {
    params,
    ...(op.method !== 'GET' && op.method !== 'DELETE' && { body: {} }),
  }) as Promise<{ response: Response }>;

/** The test's own reading of a value as a lenient server would see it (written apart from the client's). */
function readsAsDots(value: string): boolean {
  let text = value;
  for (let round = 0; round < 4; round++) {
    const pieces = text.normalize('NFKC').split(/[/\\]/);
    if (pieces.some((piece) => /^\.+$/.test(piece.split(';')[0]?.trimEnd() ?? ''))) return true;
    // Each run of escapes decoded where it can be, as a lenient server would; a malformed one kept.
    const next = text.replace(/%c0%ae|%e0%80%ae/gi, '.').replace(/(%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
    if (next === text) return false;
    text = next;
  }
  return false;
}

/** `.` or `..` in the writings servers fold into it, alone or between separators, with `;x` or spaces after. */
const dotWriting = fc
  .tuple(
    fc.array(fc.constantFrom('.', '%2e', '%2E', '%252e', '%25252E', '\uff0e', '%C0%AE', '%c0%ae'), {
      minLength: 1,
      maxLength: 2,
    }),
    fc.constantFrom('', ' ', ';x=1', '  '),
    fc.constantFrom('', 'a/', 'a\\', 'a%2F', 'a%5c'),
    fc.constantFrom('', '/b', '\\b', '%2Fb'),
  )
  .map(([dots, tail, before, after]) => `${before}${dots.join('')}${tail}${after}`);

/** Any text: specials that URLs and String.replace give meaning to, among any characters. */
const anyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom('.', '/', '\\', '%', '?', '#', '&', '=', '+', ';', ' ', '$`', "$'", '$&', '$1', '{', '}'),
    fc.constantFrom('%2e', '%2F', '%00', '\r\n', '\u0000', 'é', '\uff0e', '😀'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  ),
  minLength: 1,
  maxLength: 12,
});

describe('path parameters', () => {
  it('the model has operations with path and query parameters (the properties below are not empty)', () => {
    expect(withPath.length).toBeGreaterThan(0);
    expect(withQuery.length).toBeGreaterThan(0);
  });

  it('any value arrives as its own segment and decodes to itself; the template keeps its segments', async () => {
    await fc.assert(
      fc.asyncProperty(oneOf(withPath), fc.infiniteStream(anyText), async (key, values) => {
        const op = byKey.get(key) as Operation;
        const names = namesIn(op, 'path');
        const path = Object.fromEntries(names.map((name) => [name, values.next().value as string]));
        fc.pre(!Object.values(path).some(readsAsDots));
        await callOf(op, { path });
        const sent = new URL(server.seen.at(-1)?.url ?? '', server.url);
        const segments = sent.pathname.split('/');
        const template = op.path.split('/');
        expect(segments.length).toBe(template.length);
        for (const [i, part] of template.entries()) {
          const name = /^\{(.+)\}$/.exec(part)?.[1];
          expect(decodeURIComponent(segments[i] as string)).toBe(name ? path[name] : part);
        }
        expect(sent.search).toBe('');
      }),
      { numRuns: 300 },
    );
  });

  it('a value read as `.` or `..` in any writing is refused with PathParameterError; nothing is sent', async () => {
    await fc.assert(
      fc.asyncProperty(oneOf(withPath), dotWriting, fc.nat(), async (key, dots, pick) => {
        const op = byKey.get(key) as Operation;
        const names = namesIn(op, 'path');
        const target = names[pick % names.length] as string;
        const path = Object.fromEntries(names.map((name) => [name, name === target ? dots : 'ok-1']));
        const before = server.seen.length;
        const error = await rejection(callOf(op, { path }));
        expect(error, dots).toBeInstanceOf(PathParameterError);
        expect(error).toMatchObject({ parameter: target, operationId: op.operationId, attempts: 0 });
        expect(server.seen.length).toBe(before);
      }),
      { numRuns: 300 },
    );
  });

  it("the test's own reading agrees with the client's on any text (neither refuses what the other sends)", async () => {
    const op = withPath[0] as Operation;
    const name = namesIn(op, 'path')[0] as string;
    const others = Object.fromEntries(namesIn(op, 'path').map((n) => [n, 'ok-1']));
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyText, dotWriting), async (value) => {
        const outcome = await callOf(op, { path: { ...others, [name]: value } }).then(
          () => 'sent',
          (error: unknown) => (error instanceof PathParameterError ? 'refused' : error),
        );
        expect(outcome, value).toBe(readsAsDots(value) ? 'refused' : 'sent');
      }),
      { numRuns: 300 },
    );
  });
});

describe('query parameters', () => {
  it('any value arrives as that one parameter, decoded to itself, the path untouched', async () => {
    await fc.assert(
      fc.asyncProperty(oneOf(withQuery), fc.infiniteStream(anyText), async (key, values) => {
        const op = byKey.get(key) as Operation;
        const query = Object.fromEntries(namesIn(op, 'query').map((name) => [name, values.next().value]));
        const path = Object.fromEntries(namesIn(op, 'path').map((name) => [name, 'ok-1']));
        await callOf(op, { path, query });
        const sent = new URL(server.seen.at(-1)?.url ?? '', server.url);
        expect(sent.pathname.split('/').length).toBe(op.path.split('/').length);
        expect([...sent.searchParams.keys()].sort()).toEqual(Object.keys(query).sort());
        for (const [name, value] of Object.entries(query))
          expect(sent.searchParams.getAll(name)).toEqual([value]);
      }),
      { numRuns: 300 },
    );
  });
});
