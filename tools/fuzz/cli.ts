// `npm run fuzz -- --requests 100000`: the contract suites' attacks on the mock, many times over and
// concurrently. Four kinds take turns: a valid request with its bytes mutated (request line, headers,
// body, multipart) over a fresh mTLS connection; a spelling of a scoped operation's path with a token
// that lacks the scope; a body the schema forbids; a random JSON body. It fails on any 5xx, any
// connection held past 5 s, any 2xx without the scope, any schema-invalid body not refused with 400, and
// on any fault the mock logs; the mock must still serve at the end.
import '../../scripts/env.ts';
import fc from 'fast-check';
import { commandLine, wholeNumber } from '../../scripts/command-line.ts';
import {
  honestLength,
  invalidBodies,
  mutate,
  mutation,
  requestBytes,
  scoped,
  spellingOf,
} from '../../test/contract/helpers/attacks.ts';
import { accountId, raw, rawAgent } from '../../test/contract/helpers/clients.ts';
import { hostileRequests } from '../../test/contract/helpers/hostile.ts';
import { validRequest } from '../../test/contract/helpers/requests.ts';
import type { Operation } from '../../test/contract/helpers/spec.ts';
import { sendOverTls } from '../../test/contract/helpers/wire.ts';
import { startTestMock, type TestMock } from '../../test/support/mock-server.ts';

const usage = `Usage: npm run fuzz [-- --requests <n>] [--concurrency <n>] [--seed <n>] [--only <n>]
  Hostile requests against the mock over mTLS; exit 1 on any 5xx, crash or scope bypass.
  --only  replay request number n of the same seed`;
const { values } = commandLine(usage, {
  options: {
    requests: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '32' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    /** Only request number n (to replay a failure: same seed, `--only n`). */
    only: { type: 'string' },
  },
});
const total = wholeNumber(values.requests, 'requests', usage);
const concurrency = wholeNumber(values.concurrency, 'concurrency', usage);
const seed = wholeNumber(values.seed, 'seed', usage);
const only = values.only === undefined ? undefined : wholeNumber(values.only, 'only', usage);

type Kind = 'mutated bytes' | 'scope bypass' | 'invalid body' | 'random JSON' | 'second round';
const kinds: Kind[] = ['mutated bytes', 'scope bypass', 'invalid body', 'random JSON', 'second round'];

/** Personal data and secrets the 'second round' sent lately: the journal must hold none of them. */
const sentSecrets: string[] = [];

/** One attack, ready to send: what to send and what the answer must be. */
type Attack = (mock: TestMock) => Promise<string | undefined>;

interface Tally {
  sent: Record<Kind, number>;
  statuses: Record<string, number>;
  closedWithoutAnswer: number;
  failures: string[];
  faults: string[];
}

function attacksOf(
  ops: readonly Operation[],
  tokens: { all: string; none: string },
  agent: ReturnType<typeof rawAgent>,
) {
  const headers = {
    authorization: `Bearer ${tokens.all}`,
    'x-account-id': accountId,
    'content-type': 'application/json',
  };
  const mutated = fc.record({
    op: fc.constantFrom(...ops),
    mutations: fc.array(mutation, { minLength: 1, maxLength: 4 }),
    honest: fc.boolean(),
  });
  const spellings = fc.constantFrom(...scoped(ops)).chain((op) => {
    const [path, query] = validRequest(op).url.split('?');
    return spellingOf(path ?? '/').map((target) => ({ op, target: query ? `${target}?${query}` : target }));
  });
  const randomJson = fc.record({ op: fc.constantFrom(...ops), value: fc.jsonValue() });
  return {
    'mutated bytes': mutated.map(
      ({ op, mutations, honest }): Attack =>
        async (mock) => {
          let bytes: Buffer = Buffer.from(requestBytes(op, validRequest(op).url, tokens.all), 'latin1');
          for (const m of mutations) bytes = mutate(bytes, m);
          if (honest) bytes = honestLength(bytes);
          return wireVerdict(await sendOverTls(mock, bytes, 5000, 500));
        },
    ),
    'scope bypass': spellings.map(
      ({ op, target }): Attack =>
        async (mock) => {
          const answer = await sendOverTls(mock, requestBytes(op, target, tokens.none));
          if (answer.status !== undefined && answer.status < 400)
            return `${op.method} ${target} without the scope → ${answer.status}`;
          return wireVerdict(answer);
        },
    ),
    'invalid body': invalidBodies(ops).map(
      ({ op, body, why }): Attack =>
        async (mock) => {
          const answer = await raw(agent, mock.url + validRequest(op).url, {
            method: op.method,
            headers,
            body: JSON.stringify(body),
          });
          return answer.status === 400 ? statusSeen(400) : `${op.operationId} with ${why} → ${answer.status}`;
        },
    ),
    'random JSON': randomJson.map(
      ({ op, value }): Attack =>
        async (mock) => {
          const answer = await raw(agent, mock.url + validRequest(op).url, {
            method: op.method,
            headers,
            body: JSON.stringify(value),
          });
          return answer.status < 500
            ? statusSeen(answer.status)
            : `${op.operationId} with ${JSON.stringify(value).slice(0, 80)} → ${answer.status}`;
        },
    ),
    'second round': hostileRequests(ops, tokens.all).map(
      (hostile): Attack =>
        async (mock) => {
          sentSecrets.push(...hostile.secrets);
          if (sentSecrets.length > 4000) sentSecrets.splice(0, sentSecrets.length - 4000);
          const answer = await sendOverTls(mock, hostile.bytes, 5000, 500);
          const wrong =
            hostile.expect !== 'below-500' && answer.status !== undefined && answer.status !== hostile.expect;
          return wrong ? `${hostile.what} → ${answer.status}, not ${hostile.expect}` : wireVerdict(answer);
        },
    ),
  } satisfies Record<Kind, fc.Arbitrary<Attack>>;
}

let seen: (status: number | 'closed') => void = () => {};
const statusSeen = (status: number): undefined => void seen(status);

function wireVerdict(answer: Awaited<ReturnType<typeof sendOverTls>>): string | undefined {
  if (!answer.closed) return `connection held past 5 s: ${JSON.stringify(answer.text.slice(0, 120))}`;
  if (answer.statuses.length === 0) seen('closed');
  for (const status of answer.statuses) {
    if (status >= 500) return `answered ${status}: ${answer.text.slice(0, 300)}`;
    seen(status);
  }
  return undefined;
}

async function main() {
  const faults: string[] = [];
  const mock = await startTestMock({ log: (line) => faults.push(line) });
  const agent = rawAgent(mock);
  const tokens = { all: await mock.token(), none: await mock.token('sandbox', { scopes: [] }) };
  const tally: Tally = {
    sent: { 'mutated bytes': 0, 'scope bypass': 0, 'invalid body': 0, 'random JSON': 0, 'second round': 0 },
    statuses: {},
    closedWithoutAnswer: 0,
    failures: [],
    faults,
  };
  seen = (status) => {
    if (status === 'closed') tally.closedWithoutAnswer++;
    else tally.statuses[`${String(status)[0]}xx`] = (tally.statuses[`${String(status)[0]}xx`] ?? 0) + 1;
  };
  const arbitraries = attacksOf(mock.model.operations, tokens, agent);
  const memoryAtStart = heapMiB();
  const started = performance.now();
  let next = only ?? 0;
  let last = only === undefined ? total : next + 1;
  process.once('SIGINT', () => {
    last = next; // Ctrl-C: finish the requests under way, then report
  });
  let lastReport = started;
  const worker = async () => {
    while (next < last) {
      const i = next++;
      const kind = kinds[i % kinds.length] as Kind;
      const [attack] = fc.sample(arbitraries[kind], { numRuns: 1, seed: seed + i * 7919 });
      tally.sent[kind]++;
      const failure = await (attack as Attack)(mock).catch((error: Error) => `${kind}: ${error.message}`);
      if (failure) {
        tally.failures.push(`${kind} #${i}: ${failure}`);
        console.log(`  ✖ ${kind} #${i}: ${failure.slice(0, 400)}`);
      }
      if (performance.now() - lastReport > 10_000) {
        lastReport = performance.now();
        console.log(`  ${i} requests, ${tally.failures.length} failures`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const still = await raw(agent, `${mock.url}/hb/webhook/logs?webhookId=w`, {
    method: 'GET',
    headers: { authorization: `Bearer ${tokens.all}` },
  });
  const journal = await raw(agent, `${mock.url}/__mock/journal`, {
    method: 'GET',
    headers: { authorization: `Bearer ${await mock.mock.adminToken()}` },
  });
  const leaked = sentSecrets.filter((secret) => journal.text.includes(secret));
  if (journal.status !== 200 || leaked.length > 0)
    tally.failures.push(
      `journal → ${journal.status}; leaks ${leaked.length}: ${leaked.slice(0, 3).join(', ')}`,
    );
  await agent.close();
  const memory = { start: memoryAtStart, end: heapMiB() };
  await mock.stop();
  report(tally, seconds, still.status, memory);
  process.exitCode = tally.failures.length + faults.length === 0 && still.status === 200 ? 0 : 1;
}

/** Heap in use after a collection when `--expose-gc` is given (else as it is), and RSS, in MiB. */
function heapMiB(): { heap: number; rss: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heap: Math.round(heapUsed / 2 ** 20), rss: Math.round(rss / 2 ** 20) };
}

type Memory = { start: { heap: number; rss: number }; end: { heap: number; rss: number } };

function report(tally: Tally, seconds: number, still: number, memory: Memory) {
  const sent = Object.values(tally.sent).reduce((a, b) => a + b, 0);
  console.log(
    `\n${sent} requests in ${seconds.toFixed(0)} s (${(sent / seconds).toFixed(0)}/s), ${concurrency} at a time, seed ${seed}`,
  );
  for (const [kind, n] of Object.entries(tally.sent)) console.log(`  ${kind.padEnd(14)} ${n}`);
  console.log(
    `answers: ${Object.entries(tally.statuses)
      .map(([c, n]) => `${c} ${n}`)
      .join(', ')}; closed without an answer ${tally.closedWithoutAnswer}`,
  );
  console.log(`failures: ${tally.failures.length}; faults logged by the mock: ${tally.faults.length}`);
  for (const line of [...tally.failures, ...tally.faults].slice(0, 10)) console.log(`  ${line}`);
  console.log(`afterwards: a good request → ${still}; the journal read back, holding none of the data sent`);
  console.log(
    `memory (mock and fuzzer in one process): heap ${memory.start.heap} → ${memory.end.heap} MiB, RSS ${memory.start.rss} → ${memory.end.rss} MiB`,
  );
}

await main();
