// Load generation shared by bench/mock.ts and bench/scale.ts: the same request mix against the mock (mTLS) and
// bare Prism (HTTP), latencies tallied per target, and each process's CPU time read from /proc.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContractModel } from '@banking-api/contract';
import { readSpec, withoutMutualTls } from '@banking-api/mock';
import type { Pool } from 'undici';
import { type PrismProcess, startPrism } from '../../scripts/prism.ts';

// The same mix on both sides: valid JSON bodies, a GET with a query, and an invalid request (which the
// gateway rewrites into the error envelope with the real violations).
const accountHeaders = { 'content-type': 'application/json', 'x-account-id': 'acc-1' };
export const mix = [
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

export type Request = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  status: number;
};

export interface Result {
  requests: number;
  errors: number;
  firstError?: string;
  rps: number;
  p50: number;
  p99: number;
}

/** What one target's slices add up to. */
export class Tally {
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
export async function load(
  pool: Pool,
  token: string,
  durationMs: number,
  tally: Tally,
  connections: number,
  requests: readonly Request[] = mix,
): Promise<void> {
  const end = performance.now() + durationMs;
  let next = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const req = requests[next++ % requests.length] as Request;
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
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100); // clock ticks of 10 ms
  } catch {
    return 0;
  }
}

/** Bare Prism as `prism mock` runs it, on the bundle at `openapi` without mutualTLS (as the mock serves it). */
export async function barePrism(work: string, openapi: string, model: ContractModel): Promise<PrismProcess> {
  const specPath = join(work, 'openapi.json');
  await writeFile(specPath, JSON.stringify(withoutMutualTls(await readSpec(openapi), model)));
  return startPrism({ mode: 'mock', specPath });
}
