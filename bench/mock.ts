// Throughput and p99 latency of (a) bare Prism (its own CLI, a process of its own) over HTTP and (b) the
// mock: its mTLS gateway with Prism inside the same process, with the same requests in the same run.
// Target: b/a >= 1.2, p99 no worse, no errors under 50 concurrent keep-alive connections. Run: npx tsx bench/mock.ts [--duration 30] [--connections 50]
// [--slice 2] (the targets take turns in slices of this many seconds, so that other load on the machine
// weighs on both alike).
import '../scripts/env.ts';
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { contractModel, openapiPath } from '@banking-api/contract';
import { readSpec, signToken, withoutMutualTls } from '@banking-api/mock';
import { Pool } from 'undici';
import { type PrismProcess, startPrism } from '../scripts/prism.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    slice: { type: 'string', default: '2' },
  },
});
const seconds = Number(values.duration);
const connections = Number(values.connections);

// The same mix on both sides: valid JSON bodies, a GET with a query, and an invalid request (which the
// gateway rewrites into the error envelope with the real violations).
const accountHeaders = { 'content-type': 'application/json', 'x-account-id': 'acc-1' };
const mix = [
  {
    method: 'PUT',
    path: '/hb/accounts/account-holders',
    headers: accountHeaders,
    body: '{"registerName":"Padaria Pao Dourado Ltda","email":"a@b.com"}',
    status: 200,
  },
  {
    method: 'POST',
    path: '/hb/cards/create',
    headers: accountHeaders,
    body: '{"alias":"Compras","password":"123456","typeCard":"Virtual","programId":1}',
    status: 200,
  },
  { method: 'GET', path: '/hb/webhook/logs?webhookId=wh-1', headers: {}, body: undefined, status: 200 },
  { method: 'POST', path: '/hb/cards/create', headers: accountHeaders, body: '{"alias":1}', status: 400 },
] as const;

interface Result {
  requests: number;
  errors: number;
  firstError?: string;
  rps: number;
  p50: number;
  p99: number;
}

/** What one target's slices add up to. */
class Tally {
  latencies: number[] = [];
  errors = 0;
  firstError: string | undefined;
  seconds = 0;

  result(): Result {
    const sorted = [...this.latencies].sort((x, y) => x - y);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    const { errors, firstError } = this;
    return {
      requests: sorted.length,
      errors,
      firstError,
      rps: sorted.length / this.seconds,
      p50: at(0.5),
      p99: at(0.99),
    };
  }
}

/** `connections` concurrent request loops on `pool` for `durationMs`, counted into `tally`. */
async function load(pool: Pool, token: string, durationMs: number, tally: Tally): Promise<void> {
  const end = performance.now() + durationMs;
  let next = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const req = mix[next++ % mix.length] as (typeof mix)[number];
      const started = performance.now();
      try {
        const res = await pool.request({
          method: req.method,
          path: req.path,
          headers: { ...req.headers, authorization: `Bearer ${token}` },
          body: req.body,
        });
        await res.body.dump();
        if (res.statusCode !== req.status) {
          tally.errors++;
          tally.firstError ??= `${req.method} ${req.path} → ${res.statusCode}`;
        }
      } catch (error) {
        tally.errors++;
        tally.firstError ??= String(error);
      }
      tally.latencies.push(performance.now() - started);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  tally.seconds += (performance.now() - t0) / 1000;
}

/** CPU time (user + system) of a process in ms, from /proc; 0 where there is none. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100); // clock ticks of 10 ms
  } catch {
    return 0;
  }
}

/** Bare Prism as `prism mock` runs it, on the spec without mutualTLS (as the mock serves it). */
async function barePrism(work: string): Promise<PrismProcess> {
  const specPath = join(work, 'openapi.json');
  const doc = withoutMutualTls(await readSpec(openapiPath), contractModel());
  await writeFile(specPath, JSON.stringify(doc));
  return startPrism({ mode: 'mock', specPath });
}

async function main() {
  const work = await mkdtemp(join(tmpdir(), 'banking-bench-'));
  const pkiDir = join(work, 'pki');
  const prism = await barePrism(work);
  // The mock in its own process, as `npm run mock` runs it: the load generator must not share its CPU.
  // The mock's CLI as its package exports it; it serves the contract @banking-api/contract ships.
  const cli = createRequire(import.meta.url).resolve('@banking-api/mock/cli');
  const args = ['--import', 'tsx', cli, '--port', '0'];
  const mock: ChildProcess = spawn(process.execPath, [...args, '--pki-dir', pkiDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      mock.stdout?.on('data', (chunk: Buffer) => {
        out += chunk;
        const match = /ready at (https:\S+)/.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      mock.once('exit', (code) => reject(new Error(`mock exited with ${code}`)));
    });
    const read = (file: string) => readFileSync(join(pkiDir, file), 'utf8');
    const token = await signToken(read('jwt-signing-key.pem'), { env: 'sandbox', scopes: ['webhook.read'] });
    const tls = {
      cert: read('client-sandbox.pem'),
      key: read('client-sandbox-key.pem'),
      ca: read('server-ca.pem'),
    };

    const targets = {
      'a) bare Prism, HTTP': new Pool(prism.url, { connections, pipelining: 1 }),
      'b) mock, mTLS': new Pool(url, { connections, pipelining: 1, connect: tls }),
    };
    // Alternate the two targets in short slices: other load on the machine then weighs on both alike.
    const tallies = Object.fromEntries(Object.keys(targets).map((name) => [name, new Tally()]));
    for (const pool of Object.values(targets))
      await load(pool, token, Number(values.warmup) * 1000, new Tally());
    // CPU time of each process per request (Linux /proc): the machine's other load cannot skew it.
    const pids = { 'load generator': process.pid, mock: mock.pid ?? 0, 'bare Prism': prism.child.pid ?? 0 };
    const cpu: Record<string, Record<string, number>> = {};
    const slice = Number(values.slice);
    for (let done = 0; done < seconds; done += slice) {
      for (const [name, pool] of Object.entries(targets)) {
        const before = Object.values(pids).map(cpuMs);
        await load(pool, token, Math.min(slice, seconds - done) * 1000, tallies[name] as Tally);
        Object.keys(pids).forEach((proc, i) => {
          cpu[name] ??= {};
          (cpu[name] as Record<string, number>)[proc] =
            ((cpu[name] as Record<string, number>)[proc] ?? 0) +
            cpuMs(Object.values(pids)[i] ?? 0) -
            (before[i] ?? 0);
        });
      }
    }
    await Promise.all(Object.values(targets).map((pool) => pool.close()));
    const results = Object.fromEntries(
      Object.entries(tallies).map(([name, tally]) => [name, tally.result()]),
    );

    console.log(
      `\n${connections} keep-alive connections, ${seconds} s each in ${values.slice} s slices, same request mix\n`,
    );
    console.log('target               requests    req/s   p50 ms   p99 ms   errors');
    for (const [name, r] of Object.entries(results)) {
      const row = [r.requests, r.rps.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), r.errors];
      console.log(`${name.padEnd(19)} ${row.map((v, i) => String(v).padStart(i === 0 ? 9 : 8)).join(' ')}`);
      if (r.firstError) console.log(`  first error: ${r.firstError}`);
    }
    console.log('\nCPU ms per request     load generator     mock  bare Prism');
    for (const [name, r] of Object.entries(results)) {
      const per = Object.keys(pids).map((proc) =>
        ((cpu[name]?.[proc] ?? 0) / r.requests).toFixed(3).padStart(9),
      );
      console.log(`${name.padEnd(19)} ${per.join('  ')}`);
    }
    const [a, b] = Object.values(results) as [Result, Result];
    const ratio = b.rps / a.rps;
    const met = ratio >= 1.2 && b.p99 <= a.p99 && a.errors + b.errors === 0;
    const goal = 'target >= 1.20, p99 no worse, no errors';
    console.log(
      `\nratio b/a: ${ratio.toFixed(2)}, p99 ${b.p99.toFixed(1)} vs ${a.p99.toFixed(1)} ms (${goal}): ${met ? 'met' : 'NOT met'}`,
    );
    process.exitCode = met ? 0 : 1;
  } finally {
    mock.kill('SIGINT');
    await new Promise((resolve) => mock.once('exit', resolve));
    await prism.stop();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
