// Throughput and p99 latency of (a) bare Prism (its own CLI, a process of its own) over HTTP and (b) the
// mock: its mTLS gateway with Prism inside the same process, with the same requests in the same run.
// Target: b/a >= 1.2, p99 no worse, no errors under 50 concurrent keep-alive connections. Run: npx tsx bench/mock.ts [--duration 30] [--connections 50]
// [--slice 2] (the targets take turns in slices of this many seconds, so that other load on the machine
// weighs on both alike).
import '../scripts/env.ts';
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { contractModel, openapiPath } from '@banking-api/contract';
import { signToken } from '@banking-api/mock';
import { Pool } from 'undici';
import { barePrism, cpuMs, load, type Result, Tally } from './lib/load.ts';

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

async function main() {
  const work = await mkdtemp(join(tmpdir(), 'banking-bench-'));
  const pkiDir = join(work, 'pki');
  const prism = await barePrism(work, openapiPath, contractModel());
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
      await load(pool, token, Number(values.warmup) * 1000, new Tally(), connections);
    // CPU time of each process per request (Linux /proc): the machine's other load cannot skew it.
    const pids = { 'load generator': process.pid, mock: mock.pid ?? 0, 'bare Prism': prism.child.pid ?? 0 };
    const cpu: Record<string, Record<string, number>> = {};
    const slice = Number(values.slice);
    for (let done = 0; done < seconds; done += slice) {
      for (const [name, pool] of Object.entries(targets)) {
        const before = Object.values(pids).map(cpuMs);
        await load(pool, token, Math.min(slice, seconds - done) * 1000, tallies[name] as Tally, connections);
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
