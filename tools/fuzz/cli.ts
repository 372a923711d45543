// `npm run fuzz -- --requests 100000`: the conformance engine's attacks on the mock, many times over and
// concurrently. Its kinds of attack (the engine's registry) take turns: a valid request with its bytes
// mutated over a fresh mTLS connection, a spelling of a scoped operation's path with a token that lacks the
// scope, a body the schema forbids, a random JSON body, the second audit's requests and the third's (a path
// segment written `.` or `..`, many small headers under the limit, alphanumeric CNPJs for the journal to
// redact). It fails on any 5xx, any connection held past 5 s, any 2xx without the scope, any schema-invalid
// body not refused with 400, any answer the engine's checks find off the contract, any of the second or third
// round's answers not as documented (a legal request of many headers refused 431), and on any fault the mock
// logs; at the end the mock must still serve, and its journal must hold none of the personal data and
// secrets the attacks sent. Heap (after a collection, with --expose-gc) and RSS are printed at start and end.
import '../../scripts/env.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ATTACKS,
  type AttackOutcome,
  type AttackTarget,
  createClient,
  exampleRequests,
  isSuccess,
  requestFor,
  sendOverTls,
} from '@banking-api/conformance';
import { allScopes, type ContractModel } from '@banking-api/contract';
import { type Mock, signToken, startMock } from '@banking-api/mock';
import fc from 'fast-check';
import { commandLine, wholeNumber } from '../../scripts/command-line.ts';

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

interface Tally {
  sent: Record<string, number>;
  statuses: Record<string, number>;
  closedWithoutAnswer: number;
  failures: string[];
  faults: string[];
  /** Personal data and secrets sent lately (the last SECRETS_KEPT): the journal must hold none of them. */
  secrets: string[];
}

const SECRETS_KEPT = 4000;

/** The mock as the attacks reach it: raw bytes over fresh mTLS connections, requests over kept-alive ones. */
async function targetOf(mock: Mock): Promise<{ target: AttackTarget; close(): Promise<void> }> {
  const { cert, key } = mock.pki.clients.sandbox;
  const ca = mock.pki.serverCa;
  const token = (scopes: string[]) => signToken(mock.pki.jwt.privateKey, { env: 'sandbox', scopes });
  const tokens = { all: await token(allScopes(mock.model.operations)), none: await token([]) };
  const client = createClient({ target: mock.url, tls: { ca, cert, key }, tokens: { token: tokens.all } });
  const target: AttackTarget = {
    operations: mock.model.operations,
    tokens,
    wire: (bytes, waitMs, quietMs) => sendOverTls({ url: mock.url, cert, key, ca }, bytes, waitMs, quietMs),
    http: client.send,
  };
  return { target, close: client.close };
}

function tallyOutcome(tally: Tally, label: string, outcome: AttackOutcome): void {
  if (outcome.failure) {
    tally.failures.push(`${label}: ${outcome.failure}`);
    console.log(`  ✖ ${label}: ${outcome.failure.slice(0, 400)}`);
  }
  if (outcome.statuses.length === 0 && !outcome.failure) tally.closedWithoutAnswer++;
  if (outcome.secrets?.length) {
    tally.secrets.push(...outcome.secrets);
    if (tally.secrets.length > SECRETS_KEPT) tally.secrets.splice(0, tally.secrets.length - SECRETS_KEPT);
  }
  for (const status of outcome.statuses) {
    const range = `${String(status)[0]}xx`;
    tally.statuses[range] = (tally.statuses[range] ?? 0) + 1;
  }
}

/** Sends attacks `from` up to `last()` (which Ctrl-C lowers), `concurrency` at a time. */
async function attack(target: AttackTarget, tally: Tally, from: number, last: () => number): Promise<void> {
  const arbitraries = ATTACKS.map((a) => a.cases(target));
  let next = from;
  let lastReport = performance.now();
  const worker = async () => {
    while (next < last()) {
      const i = next++;
      const kind = ATTACKS[i % ATTACKS.length]?.kind as string;
      const [run] = fc.sample(arbitraries[i % ATTACKS.length] as (typeof arbitraries)[number], {
        numRuns: 1,
        seed: seed + i * 7919,
      });
      tally.sent[kind] = (tally.sent[kind] ?? 0) + 1;
      const outcome = await (run as () => Promise<AttackOutcome>)().catch(
        (error: Error): AttackOutcome => ({ statuses: [], failure: error.message }),
      );
      tallyOutcome(tally, `${kind} #${i}`, outcome);
      if (performance.now() - lastReport > 10_000) {
        lastReport = performance.now();
        console.log(`  ${i} requests, ${tally.failures.length} failures`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** After the attacks, the first operation's example request: the mock must still serve it. */
async function stillServes(target: AttackTarget, model: ContractModel): Promise<number> {
  const [op] = model.operations;
  if (!op) return 0;
  const probe = exampleRequests(op, seed)[0]?.probe ?? requestFor(op, { seed });
  return (await target.http(probe)).status;
}

/** The journal, as startMock's users read it: none of the secrets sent may be in it. */
function journalLeaks(mock: Mock, tally: Tally): void {
  const journal = JSON.stringify(mock.journal.entries());
  const leaked = tally.secrets.filter((secret) => journal.includes(secret));
  if (leaked.length)
    tally.failures.push(`the journal keeps ${leaked.length} of the personal data and secrets sent`);
}

/**
 * Heap in use (after a collection when Node runs with --expose-gc), memory outside the heap that JavaScript
 * holds (Buffers, ArrayBuffers), and RSS, in MiB: what the process keeps, apart from what the allocator does.
 */
function memory(): { heap: number; external: number; rss: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, external, rss } = process.memoryUsage();
  const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
  return { heap: mib(heapUsed), external: mib(external), rss: mib(rss) };
}

type Memory = { start: ReturnType<typeof memory>; end: ReturnType<typeof memory> };

async function main() {
  const faults: string[] = [];
  const pkiDir = await mkdtemp(path.join(tmpdir(), 'banking-fuzz-pki-'));
  const mock = await startMock({ port: 0, errors: true, pkiDir, log: (line) => faults.push(line) });
  const { target, close } = await targetOf(mock);
  const tally: Tally = { sent: {}, statuses: {}, closedWithoutAnswer: 0, failures: [], faults, secrets: [] };
  for (const { kind } of ATTACKS) tally.sent[kind] = 0;
  const atStart = memory();
  const started = performance.now();
  let last = only === undefined ? total : only + 1;
  process.once('SIGINT', () => {
    last = 0; // Ctrl-C: finish the requests under way, then report
  });
  await attack(target, tally, only ?? 0, () => last);
  const seconds = (performance.now() - started) / 1000;
  const still = await stillServes(target, mock.model);
  journalLeaks(mock, tally);
  await close();
  const used = { start: atStart, end: memory() };
  await mock.close();
  await rm(pkiDir, { recursive: true, force: true });
  report(tally, seconds, still, used);
  process.exitCode = tally.failures.length + faults.length === 0 && isSuccess(still) ? 0 : 1;
}

function report(tally: Tally, seconds: number, still: number, used: Memory) {
  const sent = Object.values(tally.sent).reduce((a, b) => a + b, 0);
  console.log(
    `\n${sent} requests in ${seconds.toFixed(0)} s (${(sent / seconds).toFixed(0)}/s), ${concurrency} at a time, seed ${seed}`,
  );
  for (const [kind, n] of Object.entries(tally.sent)) console.log(`  ${kind.padEnd(16)} ${n}`);
  console.log(
    `answers: ${Object.entries(tally.statuses)
      .map(([c, n]) => `${c} ${n}`)
      .join(', ')}; closed without an answer ${tally.closedWithoutAnswer}`,
  );
  console.log(`failures: ${tally.failures.length}; faults logged by the mock: ${tally.faults.length}`);
  for (const line of [...tally.failures, ...tally.faults].slice(0, 10)) console.log(`  ${line}`);
  console.log(`afterwards: a good request → ${still}; the journal read back, holding none of the data sent`);
  console.log(
    `memory (mock and fuzzer in one process): heap ${used.start.heap} → ${used.end.heap} MiB, external ${used.start.external} → ${used.end.external} MiB, RSS ${used.start.rss} → ${used.end.rss} MiB`,
  );
}

await main();
