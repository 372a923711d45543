// --rerun REPORT.json: the failures of an earlier run, read back from its JSON report, and what that run
// sent. A rerun that cannot send what the earlier run sent — a check whose credential is not given again
// — is refused: its failures, and those of the answer checks judging its answers, would read as passing.
import { readFile } from 'node:fs/promises';
import { optionNeeded } from './check-credentials.js';
import { UsageError } from './options.js';

export interface FailedPair {
  readonly operation: string;
  readonly check: string;
}

export interface EarlierRun {
  readonly failures: FailedPair[];
  /** Every (operation, check) the earlier run ran. */
  readonly ran: FailedPair[];
}

const pairsOf = (list: unknown): FailedPair[] =>
  Array.isArray(list)
    ? list.flatMap((f: { operation?: unknown; check?: unknown }) =>
        typeof f?.operation === 'string' && typeof f.check === 'string'
          ? [{ operation: f.operation, check: f.check }]
          : [],
      )
    : [];

export async function earlierRun(file: string): Promise<EarlierRun> {
  let report: { failures?: unknown; checks?: unknown };
  try {
    report = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--rerun ${file} is not a verify JSON report: ${(error as Error).message}`);
  }
  if (!Array.isArray(report.failures))
    throw new UsageError(`--rerun ${file} is not a verify JSON report (no "failures" list).`);
  return { failures: pairsOf(report.failures), ran: pairsOf(report.checks) };
}

/**
 * Refuses a rerun that lacks a credential the earlier run used on an operation it reruns: `has` says
 * whether this run has what a check needs.
 */
export function refuseMissingCredentials(
  file: string,
  earlier: EarlierRun,
  has: (check: string) => boolean,
): void {
  const rerunOps = new Set(earlier.failures.map((f) => f.operation));
  const missing = new Map<string, Set<string>>();
  for (const { operation, check } of earlier.ran) {
    if (!optionNeeded(check) || has(check) || !rerunOps.has(operation)) continue;
    missing.set(check, (missing.get(check) ?? new Set()).add(operation));
  }
  if (missing.size === 0) return;
  const lines = [...missing].map(
    ([check, ops]) => `${check} needs ${optionNeeded(check)} (it ran on ${[...ops].join(', ')})`,
  );
  throw new UsageError(
    `--rerun ${file}: the earlier run sent requests this one cannot, so their failures (and the answer checks judging their answers) could not be rechecked: ${lines.join('; ')}. Give the same credentials again.`,
  );
}

/** The failed (operation, check) pairs of the earlier run that this run did not run at all. */
export function notRechecked(earlier: EarlierRun, ran: readonly FailedPair[]): FailedPair[] {
  const seen = new Set(ran.map((r) => `${r.operation}\n${r.check}`));
  const left: FailedPair[] = [];
  for (const f of earlier.failures) {
    const key = `${f.operation}\n${f.check}`;
    if (seen.has(key)) continue;
    seen.add(key);
    left.push(f);
  }
  return left;
}
