// Runs every check family over every operation of the model and gathers the report.
import type { ContractModel, Operation } from '@banking-api/contract';
import { authChecks } from './checks/auth.ts';
import { methodChecks } from './checks/methods.ts';
import { negativeChecks } from './checks/negative.ts';
import { positiveChecks } from './checks/positive.ts';
import { tlsCheck } from './checks/tls.ts';
import { collectFindings } from './findings.ts';
import { noteOpenQuestions } from './open-questions.ts';
import type { CheckContext, Failure, Note, Send, VerifyOptions } from './types.ts';

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
  await methodChecks(ctx, model.operations);
  if (first) await tlsCheck(ctx, first);
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

async function verifyOperation(ctx: CheckContext, op: Operation): Promise<void> {
  await positiveChecks(ctx, op);
  await negativeChecks(ctx, op);
  await authChecks(ctx, op);
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
