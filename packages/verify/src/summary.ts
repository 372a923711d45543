// The summary at the end of a report: per check and per operation, how many ran and how many failed.
import type { CheckResult, Failure } from './types.js';

export interface Tally {
  readonly name: string;
  readonly ran: number;
  readonly failed: number;
  /** Requests that showed a deviation (a failure seen on many requests counts each). */
  readonly requests: number;
}

export interface Summary {
  readonly byCheck: readonly Tally[];
  readonly byOperation: readonly Tally[];
}

export function summarize(checks: readonly CheckResult[], failures: readonly Failure[]): Summary {
  return {
    byCheck: tally(checks, failures, (x) => x.check),
    byOperation: tally(checks, failures, (x) => x.operation),
  };
}

function tally(
  checks: readonly CheckResult[],
  failures: readonly Failure[],
  nameOf: (x: { operation: string; check: string }) => string,
): Tally[] {
  const rows = new Map<string, { ran: number; failed: number; requests: number }>();
  const row = (name: string) => {
    const known = rows.get(name);
    if (known) return known;
    const fresh = { ran: 0, failed: 0, requests: 0 };
    rows.set(name, fresh);
    return fresh;
  };
  for (const c of checks) {
    const r = row(nameOf(c));
    r.ran += 1;
    if (c.failed) r.failed += 1;
  }
  for (const f of failures) row(nameOf(f)).requests += f.occurrences;
  return [...rows].map(([name, r]) => ({ name, ...r }));
}
