// `npm run fuzz -- --requests 100000`: the conformance engine's attacks on the mock, many times over and
// concurrently. Its kinds of attack (the engine's registry) take turns: a valid request with its bytes
// mutated over a fresh mTLS connection, a spelling of a scoped operation's path with a token that lacks the
// scope, a body the schema forbids, a random JSON body. It fails on any 5xx, any connection held past 5 s,
// any 2xx without the scope, any schema-invalid body not refused with 400, any answer the engine's checks
// find off the contract, and on any fault the mock logs; the mock must still serve at the end.
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
}

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

async function main() {
  const faults: string[] = [];
  const pkiDir = await mkdtemp(path.join(tmpdir(), 'banking-fuzz-pki-'));
  const mock = await startMock({ port: 0, errors: true, pkiDir, log: (line) => faults.push(line) });
  const { target, close } = await targetOf(mock);
  const tally: Tally = { sent: {}, statuses: {}, closedWithoutAnswer: 0, failures: [], faults };
  for (const { kind } of ATTACKS) tally.sent[kind] = 0;
  const started = performance.now();
  let last = only === undefined ? total : only + 1;
  process.once('SIGINT', () => {
    last = 0; // Ctrl-C: finish the requests under way, then report
  });
  await attack(target, tally, only ?? 0, () => last);
  const seconds = (performance.now() - started) / 1000;
  const still = await stillServes(target, mock.model);
  await close();
  const memory = Math.round(process.memoryUsage().rss / 2 ** 20);
  await mock.close();
  await rm(pkiDir, { recursive: true, force: true });
  report(tally, seconds, still, memory);
  process.exitCode = tally.failures.length + faults.length === 0 && isSuccess(still) ? 0 : 1;
}

function report(tally: Tally, seconds: number, still: number, memoryMiB: number) {
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
  console.log(
    `afterwards: a good request → ${still}; process RSS ${memoryMiB} MiB (mock and fuzzer together)`,
  );
}

await main();
