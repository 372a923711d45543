// `journal.expectCalled`: the calls of one operation that meet a test's expectation, or an error that says
// what was called instead. Works on journal entries as read (redacted: personal data reads as `[cpf]`), so
// the same code serves the in-process handle and the admin client, and the one matcher (match.ts) reads them.
import { MockExpectationError } from '../api/errors.ts';
import type { CallExpectation, JournalEntry } from '../api/journal.ts';
import { unknownKeys } from '../api/known-keys.ts';
import { sessionHeader } from '../api/names.ts';
import { matches, parsedJson } from './match.ts';

/**
 * The calls of `operationId` meeting `expectation`, read again until they do or `within` (default 1000 ms)
 * passes: an answer reaches the journal once it is sent whole, a moment after the client may have read it.
 * `times: 0` is told only once that time has passed. A miss says, when `elsewhere` counts any, how many
 * calls of the operation reached the default session instead (a client without the session's header).
 */
export async function settledCalls(
  read: () => Promise<readonly JournalEntry[]>,
  operationId: string,
  expectation: CallExpectation = {},
  elsewhere?: () => Promise<number>,
): Promise<JournalEntry[]> {
  refuseUnknownKeys(expectation);
  const deadline = Date.now() + (expectation.within ?? 1000);
  if (expectation.times === 0) await pause(deadline - Date.now());
  for (;;) {
    try {
      return expectCalled(await read(), operationId, expectation);
    } catch (error) {
      if (!(error instanceof MockExpectationError)) throw error;
      if (Date.now() >= deadline) throw await withHint(error, operationId, elsewhere);
      await pause(25);
    }
  }
}

const EXPECTATION_KEYS = ['times', 'status', 'within', 'where'];
const WHERE_KEYS = ['body', 'query', 'headers'];

/** A misspelt key (`time`, `where.bdy`) would be read as absent and pass any calls: it is refused instead. */
function refuseUnknownKeys(expectation: CallExpectation): void {
  const unknown = [
    ...unknownKeys(expectation, EXPECTATION_KEYS),
    ...unknownKeys(expectation.where, WHERE_KEYS).map((u) => ({ ...u, key: `where.${u.key}` })),
  ];
  if (unknown.length)
    throw new TypeError(
      `journal.expectCalled: ${unknown.map((u) => `${u.key.slice(0, 64)} ${u.message}`).join('; ')}`,
    );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function withHint(
  error: MockExpectationError,
  operationId: string,
  elsewhere: (() => Promise<number>) | undefined,
): Promise<MockExpectationError> {
  const strays = (await elsewhere?.().catch(() => 0)) ?? 0;
  if (strays === 0) return error;
  const hint = `${strays} call(s) of ${operationId} reached the default session instead, without the ${sessionHeader} header: does the client send this session's header (client.use(session.middleware))?`;
  return new MockExpectationError(`${error.message}\n${hint}`);
}

/** The entries of `operationId` meeting `expectation`; throws when their count is not the one expected. */
export function expectCalled(
  entries: readonly JournalEntry[],
  operationId: string,
  expectation: CallExpectation = {},
): JournalEntry[] {
  const calls = entries.filter((e) => e.operationId === operationId);
  const meeting = calls.filter((e) => meets(e, expectation));
  const { times } = expectation;
  if (times === undefined ? meeting.length > 0 : meeting.length === times) return meeting;
  throw new MockExpectationError(describeMiss(operationId, expectation, meeting.length, calls));
}

function meets(entry: JournalEntry, { status, where = {} }: CallExpectation): boolean {
  const seen = {
    operationId: entry.operationId,
    status: entry.status,
    query: entry.url.split('?')[1] ?? '',
    headers: entry.headers,
    body: () => parsedJson(entry.body),
  };
  return matches({ status, query: where.query, headers: where.headers, body: where.body }, seen);
}

function describeMiss(
  operationId: string,
  expectation: CallExpectation,
  meeting: number,
  calls: readonly JournalEntry[],
): string {
  const wanted = expectation.times === undefined ? 'at least once' : `${expectation.times} time(s)`;
  const how = [
    expectation.status !== undefined && `answered ${expectation.status}`,
    expectation.where && `with ${JSON.stringify(expectation.where)}`,
  ].filter(Boolean);
  const seen = calls.length
    ? calls
        .map((c) => `  ${c.method} ${c.url} → ${c.status}${c.body ? ` ${c.body.slice(0, 200)}` : ''}`)
        .join('\n')
    : '  (none)';
  return `expected ${operationId} to be called ${wanted}${how.length ? ` ${how.join(' ')}` : ''}; ${meeting} call(s) matched. Its calls in this session's journal:\n${seen}`;
}
