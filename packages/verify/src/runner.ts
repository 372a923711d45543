// Runs the conformance engine's checks over the model and gathers the report: first the identifiers the
// server issues (stateful flows and fixtures), then the operation checks on each selected operation (the
// first alone, then a few at a time), then the path checks, then the once-per-run ones.
import {
  allChecks,
  answersWithinLimits,
  type CheckContext,
  ConnectionError,
  type DeliveryWatch,
  discoverIdentifiers,
  noteUnsent,
  operationsByPath,
  type ProbeCheck,
  recordNoAnswer,
  type SetupRequest,
  UnsendableRequest,
} from '@banking-api/conformance';
import type { ContractModel, Operation } from '@banking-api/contract';
import type { OperationCoverage } from './coverage-report.js';
import { elsewhereNote, servedElsewhere } from './elsewhere.js';
import { collectFindings } from './findings.js';
import { noteOpenQuestions } from './open-questions.js';
import type { ParityReport } from './parity.js';
import type { Selection } from './selection.js';
import { type Summary, summarize } from './summary.js';
import type { CheckResult, ContractIssue, Failure, Note, Send, VerifyOptions } from './types.js';

export type { CheckResult } from './types.js';

export interface Report {
  readonly target: string;
  readonly contract: { readonly title: string; readonly version: string };
  readonly seed: number;
  readonly maxExamples: number;
  readonly operations: number;
  readonly requests: number;
  readonly durationMs: number;
  /** Identifier inputs that took a value the server issued (or a fixture gave), by name. */
  readonly identifiers: readonly string[];
  readonly checks: readonly CheckResult[];
  readonly failures: readonly Failure[];
  readonly notes: readonly Note[];
  /** The contract's own findings (its examples break its schemas): not the server's, never failing the run. */
  readonly contractIssues: readonly ContractIssue[];
  readonly summary: Summary;
  /** The coverage phase: per operation, the keywords of its inputs tried and present. */
  readonly coverage: readonly OperationCoverage[];
  /** In a --rerun: failures of the earlier report that this run could not check again (not passed). */
  readonly notRechecked?: readonly { readonly operation: string; readonly check: string }[];
  /** Where the mock given with --parity-target answers otherwise than the target. */
  readonly parity?: ParityReport;
}

export interface RunSettings extends VerifyOptions {
  readonly selection?: Selection;
  readonly setup?: readonly SetupRequest[];
  /** The run's webhook receiver (--webhook-receiver): the delivery check runs with it. */
  readonly deliveries?: DeliveryWatch;
}

/** Operations verified at once: enough to hide latency, few enough not to load a shared sandbox. */
const concurrency = 4;

const everything: Selection = {
  operation: () => true,
  namesOperation: () => false,
  check: () => true,
  namesProbeChecks: false,
};

export async function runVerify(model: ContractModel, send: Send, settings: RunSettings): Promise<Report> {
  const started = performance.now();
  const selection = settings.selection ?? everything;
  let requests = 0;
  const counted: Send = (probe) => {
    requests += 1;
    return send(probe);
  };
  const findings = collectFindings(model, settings, selection.check);
  const selected = reachable(model, model.operations.filter(selection.operation), selection, findings);
  const identifiers = await discoverIdentifiers(model, counted, {
    seed: settings.seed,
    ...(selected.length < model.operations.length && { operations: selected }),
    ...(settings.setup && { setup: settings.setup }),
    ...(settings.fixtures && { fixtures: settings.fixtures }),
  });
  const ctx = checkContext(model, settings, { identifiers, send: counted, findings });
  noteOpenQuestions(model, findings);
  const probes = (scope: ProbeCheck['scope']) =>
    probeChecks(scope).filter((c) => !selection.namesProbeChecks || selection.check(c.id));
  const noAnswerAs = guarded(findings, selection);
  const [first, ...rest] = selected;
  const verifyOperation = async (op: Operation) => {
    for (const check of probes('operation'))
      if (check.scope === 'operation') await noAnswerAs(op, check, () => check.run(ctx, op));
  };
  if (first) await verifyOperation(first); // alone first: a wrong target or certificate fails fast
  await inPool(rest, concurrency, verifyOperation);
  for (const check of probes('path'))
    for (const [path, ops] of pathsOf(model, selected))
      if (check.scope === 'path')
        await noAnswerAs(ops[0] as Operation, check, () => check.run(ctx, path, ops));
  // The once-per-run checks send to the first operation: the first selected one, not another.
  const onSelected: CheckContext = { ...ctx, model: { ...model, operations: selected } };
  for (const check of probes('contract'))
    if (check.scope === 'contract') await noAnswerAs('contract', check, () => check.run(onSelected));
  const failedRuns = new Set(findings.failures.map((f) => `${f.operation}\n${f.check}`));
  const checks = findings.runs.map((r) => ({ ...r, failed: failedRuns.has(`${r.operation}\n${r.check}`) }));
  const failures = inModelOrder(findings.failures, model);
  return {
    target: settings.target,
    contract: { title: model.title, version: model.version },
    seed: settings.seed,
    maxExamples: settings.maxExamples,
    operations: selected.length,
    requests,
    durationMs: Math.round(performance.now() - started),
    identifiers: Object.keys(identifiers).sort(),
    checks,
    failures,
    ...{ notes: findings.notes, contractIssues: findings.contractIssues },
    summary: summarize(checks, failures),
    coverage: findings.coverage.report(),
  };
}

/** The selected operations the target serves; the others (servers of their own) skipped with a note. */
function reachable(
  model: ContractModel,
  selected: readonly Operation[],
  selection: Selection,
  findings: CheckContext['findings'],
): Operation[] {
  return selected.filter((op) => {
    if (!servedElsewhere(model, op) || selection.namesOperation(op)) return true;
    findings.note(op, 'operation', elsewhereNote(op));
    return false;
  });
}

/** What every check gets: the run's options with the identifiers found, and its receiver, if any. */
function checkContext(
  model: ContractModel,
  { deliveries, ...settled }: RunSettings,
  run: {
    identifiers: Awaited<ReturnType<typeof discoverIdentifiers>>;
    send: Send;
    findings: CheckContext['findings'];
  },
): CheckContext {
  const options = { ...settled, identifiers: run.identifiers };
  return { model, options, send: run.send, findings: run.findings, ...(deliveries && { deliveries }) };
}

/**
 * How a check is run: a request without an answer fails answers-within-limits, or the check that sent it
 * when the run leaves answers-within-limits out (a run of one check still reports it); one not sent is noted.
 */
function guarded(findings: CheckContext['findings'], selection: Selection) {
  const reportedAs = (check: ProbeCheck) =>
    selection.check(answersWithinLimits.id) ? answersWithinLimits.id : check.id;
  return (op: Operation | string, check: ProbeCheck, run: () => Promise<void>) =>
    orNoAnswer(run, {
      noAnswer: (error) => recordNoAnswer(findings, op, error, reportedAs(check)),
      unsent: (error) => noteUnsent(findings, op, check.id, error),
    });
}

/**
 * Runs one check; a request of it that the server took but did not answer (a time-out, a closed socket,
 * an answer too large) fails answers-within-limits on the operation, and the run goes on; one that could
 * not be sent at all is noted on the check (verify's request, not the server's deviation), and the run
 * goes on. A server not reached at all (refused, TLS) still ends the run: that is the setup, not one operation.
 */
async function orNoAnswer(
  run: () => Promise<void>,
  record: { noAnswer(error: ConnectionError): void; unsent(error: UnsendableRequest): void },
): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof UnsendableRequest) return record.unsent(error);
    if (!(error instanceof ConnectionError) || error.stage !== 'answer') throw error;
    record.noAnswer(error);
  }
}

/**
 * Each path with a selected operation, with all of its operations (so the method tried is one the path
 * does not have), the selected first: the path check reports on the first.
 */
function pathsOf(model: ContractModel, selected: readonly Operation[]): [string, Operation[]][] {
  const chosen = new Set(selected);
  return [...operationsByPath(model.operations)]
    .filter(([, ops]) => ops.some((op) => chosen.has(op)))
    .map(([path, ops]) => [
      path,
      [...ops.filter((op) => chosen.has(op)), ...ops.filter((op) => !chosen.has(op))],
    ]);
}

/** The registry's probe checks of one scope, in registry order. */
function probeChecks(scope: ProbeCheck['scope']): ProbeCheck[] {
  return allChecks().filter((c): c is ProbeCheck => c.kind === 'probe' && c.scope === scope);
}

/**
 * Runs `work` on every item, at most `size` at a time. The first error stops the taking of more items and
 * rejects once the items in flight have settled: none is left running behind the run's end.
 */
async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length)
      await work(items[next++] as T).catch((error: unknown) => {
        failed = true;
        throw error;
      });
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(size, items.length) }, worker));
  const rejected = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (rejected) throw rejected.reason;
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
