// Throughput and p99 latency of the mock beside what this machine can do, measured in one run:
//   a) a bare node:https server over mutual TLS answering fixed bytes (the machine's limit for TLS and
//      HTTP in Node, with no work per request), b) the mock over mutual TLS (its fast path on, as shipped),
//   c) the mock answering every request through Prism (--no-fast-path, the mock before the fast path),
//   d) bare Prism (its own CLI, a process of its own) over plain HTTP.
// Per kind of request: a JSON POST (createCard), a scoped GET (listWebhookLogs) and the earlier mix (valid
// bodies, a GET, an invalid request). The targets take turns in short slices, so that other load on the
// machine weighs on all alike. Goals: b/a >= 0.30 on the POST and the GET with p99 no worse than c's, and
// b/d >= 1.2 on the mix.
// Run: npx tsx bench/mock.ts [--duration 12] [--connections 50] [--slice 2] [--baseline <cli.js>]
// --baseline: another build of the mock's CLI (a copy of an earlier dist/, inside the repository so that it
// finds the packages) taking turns with this one, for "no slower" measured in one run.
import '../scripts/env.ts';
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { contractModel, openapiPath } from '@banking-api/contract';
import { signToken } from '@banking-api/mock';
import { Pool } from 'undici';
import { barePrism, cpuMs, load, mix, type Request, type Result, Tally } from './lib/load.ts';
import { startMockProcess } from './lib/mock-process.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '12' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    slice: { type: 'string', default: '2' },
    baseline: { type: 'string' },
  },
});
const seconds = Number(values.duration);
const connections = Number(values.connections);
const slice = Number(values.slice);

const kinds: Record<string, readonly Request[]> = {
  'JSON POST': mix.filter((r) => r.method === 'POST' && r.status === 200 && r.path === '/hb/cards/create'),
  'scoped GET': mix.filter((r) => r.method === 'GET'),
  mix,
};

interface Target {
  name: string;
  pool: Pool;
  pid: number;
}

/** node:https with the mock's server certificate, asking for a client certificate of the sandbox CA. */
async function startBareHttps(pkiDir: string): Promise<{ child: ChildProcess; url: string }> {
  const read = (file: string) => readFileSync(join(pkiDir, file), 'utf8');
  const tls = { key: read('server-key.pem'), cert: read('server.pem'), ca: read('sandbox-ca.pem') };
  const child = fork(fileURLToPath(new URL('./client.server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_TLS: JSON.stringify(tls) },
  });
  const port = await new Promise<number>((resolve) =>
    child.once('message', (m) => resolve((m as { port: number }).port)),
  );
  return { child, url: `https://127.0.0.1:${port}` };
}

/** Every target in turn, slice by slice, on one kind of request; CPU ms per request of each target's process. */
async function measure(targets: Target[], token: string, requests: readonly Request[]) {
  const tallies = targets.map(() => new Tally());
  const cpu = targets.map(() => 0);
  for (const t of targets)
    await load(t.pool, token, Number(values.warmup) * 1000, new Tally(), connections, requests);
  // Every other round in the reverse order: no target always follows the same one.
  for (let done = 0, round = 0; done < seconds; done += slice, round++)
    for (const [i, t] of round % 2 ? [...targets.entries()].reverse() : targets.entries()) {
      const before = cpuMs(t.pid);
      await load(
        t.pool,
        token,
        Math.min(slice, seconds - done) * 1000,
        tallies[i] as Tally,
        connections,
        requests,
      );
      cpu[i] = (cpu[i] ?? 0) + cpuMs(t.pid) - before;
    }
  return targets.map((t, i) => {
    const result = (tallies[i] as Tally).result();
    return { name: t.name, result, cpuPerRequest: (cpu[i] ?? 0) / Math.max(1, result.requests) };
  });
}

function print(kind: string, rows: { name: string; result: Result; cpuPerRequest: number }[]): void {
  console.log(`\n${kind}: ${connections} keep-alive connections, ${seconds} s each in ${slice} s slices`);
  console.log('target                          requests    req/s   p50 ms   p99 ms  CPU ms/req  errors');
  for (const { name, result: r, cpuPerRequest } of rows) {
    const cells = [
      r.requests,
      r.rps.toFixed(0),
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      cpuPerRequest.toFixed(3),
      r.errors,
    ];
    console.log(
      `${name.padEnd(30)} ${cells.map((v, i) => String(v).padStart(i === 4 ? 11 : i === 0 ? 9 : 8)).join(' ')}`,
    );
    if (r.firstError) console.log(`  first error: ${r.firstError}`);
  }
}

async function main() {
  const work = await mkdtemp(join(tmpdir(), 'banking-bench-'));
  const pkiDir = join(work, 'pki');
  const started: ChildProcess[] = [];
  const pools: Pool[] = [];
  try {
    const cli = createRequire(import.meta.url).resolve('@banking-api/mock/cli');
    const mock = await startMockProcess(cli, ['--pki-dir', pkiDir]);
    started.push(mock.child);
    const prismPath = await startMockProcess(cli, ['--pki-dir', pkiDir, '--no-fast-path']);
    started.push(prismPath.child);
    const baseline = values.baseline
      ? await startMockProcess(values.baseline, ['--pki-dir', pkiDir])
      : undefined;
    if (baseline) started.push(baseline.child);
    const bare = await startBareHttps(pkiDir);
    started.push(bare.child);
    const prism = await barePrism(work, openapiPath, contractModel());
    const read = (file: string) => readFileSync(join(pkiDir, file), 'utf8');
    const token = await signToken(read('jwt-signing-key.pem'), { env: 'sandbox', scopes: ['webhook.read'] });
    const tls = {
      cert: read('client-sandbox.pem'),
      key: read('client-sandbox-key.pem'),
      ca: read('server-ca.pem'),
    };
    const pool = (url: string, mtls = true) => {
      const made = new Pool(url, { connections, pipelining: 1, ...(mtls ? { connect: tls } : {}) });
      pools.push(made);
      return made;
    };
    const targets: Target[] = [
      { name: 'a) bare node:https, mTLS', pool: pool(bare.url), pid: bare.child.pid ?? 0 },
      { name: 'b) mock, mTLS', pool: pool(mock.url), pid: mock.child.pid ?? 0 },
      ...(baseline
        ? [{ name: 'b0) mock, baseline build', pool: pool(baseline.url), pid: baseline.child.pid ?? 0 }]
        : []),
      { name: 'c) mock, every request Prism', pool: pool(prismPath.url), pid: prismPath.child.pid ?? 0 },
      { name: 'd) bare Prism, HTTP', pool: pool(prism.url, false), pid: prism.child.pid ?? 0 },
    ];
    const goals: string[] = [];
    for (const [kind, requests] of Object.entries(kinds)) {
      // The bare server answers anything: on the mix its figures say nothing, so it sits that one out.
      const rows = await measure(kind === 'mix' ? targets.slice(1) : targets, token, requests);
      print(kind, rows);
      const by = (prefix: string) => rows.find((r) => r.name.startsWith(prefix))?.result as Result;
      const [a, b, c, d] = ['a)', 'b)', 'c)', 'd)'].map(by) as [Result, Result, Result, Result];
      const base = rows.find((r) => r.name.startsWith('b0)'));
      const mine = rows.find((r) => r.name.startsWith('b)'));
      if (base && mine)
        goals.push(
          `${kind}: mock/baseline build ${(b.rps / base.result.rps).toFixed(2)} req/s, CPU per request ${(mine.cpuPerRequest / base.cpuPerRequest).toFixed(2)}`,
        );
      if (kind === 'mix') goals.push(`mix: mock/bare Prism ${(b.rps / d.rps).toFixed(2)} (goal >= 1.20)`);
      else
        goals.push(
          `${kind}: mock/bare https ${(b.rps / a.rps).toFixed(2)} (goal >= 0.30), p99 ${b.p99.toFixed(1)} ms vs ${c.p99.toFixed(1)} ms through Prism (goal: no worse), mock/Prism path ${(b.rps / c.rps).toFixed(2)}`,
        );
    }
    console.log(`\n${goals.join('\n')}`);
    await prism.stop();
  } finally {
    await Promise.all(pools.map((p) => p.close()));
    for (const child of started) child.kill('SIGTERM');
    await rm(work, { recursive: true, force: true });
  }
}

await main();
