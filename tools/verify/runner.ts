// Runs the conformance engine's checks over the model and gathers the report: the operation checks on
// each operation (the first alone, then a few at a time), then the path checks, then the once-per-run ones.

import { allChecks, type CheckContext, operationsByPath, type ProbeCheck } from '@banking-api/conformance';
import type { ContractModel, Operation } from '@banking-api/contract';
import { collectFindings } from './findings.ts';
import { noteOpenQuestions } from './open-questions.ts';
import type { Failure, Note, Send, VerifyOptions } from './types.ts';

export interface CheckResult {
  readonly operation: string;
  readonly check: string;
  readonly failed: boolean;
}

export interface Report {
  readonly target: string;
  readonly contract: { readonly title: string; readonly version: string };
  readonly seed: number;
  readonly maxExamples: number;
  readonly operations: number;
  readonly requests: number;
  readonly durationMs: number;
  readonly checks: readonly CheckResult[];
  readonly failures: readonly Failure[];
  readonly notes: readonly Note[];
}

/** Operations verified at once: enough to hide latency, few enough not to load a shared sandbox. */
const concurrency = 4;

export async function runVerify(model: ContractModel, send: Send, options: VerifyOptions): Promise<Report> {
  const started = performance.now();
  let requests = 0;
  const counted: Send = (probe) => {
    requests += 1;
    return send(probe);
  };
  const findings = collectFindings(options);
  const ctx: CheckContext = { model, options, send: counted, findings };
  noteOpenQuestions(model, findings);
  const [first, ...rest] = model.operations;
  if (first) await verifyOperation(ctx, first); // alone first: a wrong target or certificate fails fast
  await inPool(rest, concurrency, (op) => verifyOperation(ctx, op));
  for (const check of probeChecks('path'))
    for (const [path, ops] of operationsByPath(model.operations)) await check.run(ctx, path, ops);
  for (const check of probeChecks('contract')) await check.run(ctx);
  const failedRuns = new Set(findings.failures.map((f) => `${f.operation}\n${f.check}`));
  return {
    target: options.target,
    contract: { title: model.title, version: model.version },
    seed: options.seed,
    maxExamples: options.maxExamples,
    operations: model.operations.length,
    requests,
    durationMs: Math.round(performance.now() - started),
    checks: findings.runs.map((r) => ({ ...r, failed: failedRuns.has(`${r.operation}\n${r.check}`) })),
    failures: inModelOrder(findings.failures, model),
    notes: findings.notes,
  };
}

/** The registry's probe checks of one scope, in registry order. */
function probeChecks<S extends ProbeCheck['scope']>(scope: S): Extract<ProbeCheck, { scope: S }>[] {
  return allChecks().filter(
    (c): c is Extract<ProbeCheck, { scope: S }> => c.kind === 'probe' && c.scope === scope,
  );
}

async function verifyOperation(ctx: CheckContext, op: Operation): Promise<void> {
  for (const check of probeChecks('operation')) await check.run(ctx, op);
}

/** Runs `work` on every item, at most `size` at a time; the first error rejects. */
async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/** Failures by operation in the contract's order, then by check: the same report for the same server. */
function inModelOrder(failures: readonly Failure[], model: ContractModel): Failure[] {
  const rank = (key: string) => {
    const index = model.operations.findIndex((op) => op.key === key);
    return index === -1 ? model.operations.length : index;
  };
  return [...failures].sort(
    (a, b) =>
      rank(a.operation) - rank(b.operation) ||
      a.operation.localeCompare(b.operation) ||
      a.check.localeCompare(b.check),
  );
}
