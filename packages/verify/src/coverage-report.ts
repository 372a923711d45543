// The coverage report: per operation, how many of the keywords of its inputs (`body /amount:maximum`, `query
// status:enum`, `media type:parameters`) the coverage phase tried, of those it has, and which it could not
// try. Gathered from Findings.covered; in the JSON report whole, in the terminal as a table.
import type { Coverage } from '@banking-api/conformance';
import type { Operation } from '@banking-api/contract';

export interface OperationCoverage {
  readonly operation: string;
  readonly operationId: string;
  readonly exercised: number;
  readonly present: number;
  /** Of those exercised, how many were tried with a value the contract allows, and with one it forbids. */
  readonly positive: number;
  readonly negative: number;
  /** The keywords it has that no case tried (no value could be made for them). */
  readonly missed: readonly string[];
}

export interface CoverageCollector {
  covered(op: Operation, coverage: Coverage): void;
  /** Per operation, in the order first covered. */
  report(): OperationCoverage[];
}

export function coverageCollector(): CoverageCollector {
  type Sets = { present: Set<string>; positive: Set<string>; negative: Set<string> };
  const byOperation = new Map<Operation, Sets>();
  return {
    covered(op, { present, exercised, side }) {
      const known = byOperation.get(op) ?? { present: new Set(), positive: new Set(), negative: new Set() };
      for (const k of present) known.present.add(k);
      for (const k of exercised) known[side].add(k);
      byOperation.set(op, known);
    },
    report: () =>
      [...byOperation].map(([op, { present, positive, negative }]) => {
        const tried = (k: string) => positive.has(k) || negative.has(k);
        const count = (set: Set<string>) => [...present].filter((k) => set.has(k)).length;
        return {
          operation: op.key,
          operationId: op.operationId,
          exercised: [...present].filter(tried).length,
          present: present.size,
          positive: count(positive),
          negative: count(negative),
          missed: [...present].filter((k) => !tried(k)).sort(),
        };
      }),
  };
}

/** The terminal's lines: a total, then every operation (or, past 50, those not fully covered). */
export function coverageLines(rows: readonly OperationCoverage[]): string[] {
  if (rows.length === 0) return [];
  const exercised = rows.reduce((n, r) => n + r.exercised, 0);
  const present = rows.reduce((n, r) => n + r.present, 0);
  const shown = rows.length > 50 ? rows.filter((r) => r.exercised < r.present) : rows;
  const width = Math.max(...shown.map((r) => r.operation.length), 0);
  return [
    '',
    `Coverage phase (keywords of each operation's inputs tried / present; tried with an allowed value, a forbidden one): ${exercised} / ${present}`,
    ...shown.map(
      (r) =>
        `  ${r.exercised === r.present ? '✓' : '·'} ${r.operation.padEnd(width)}  ${String(r.exercised).padStart(3)} / ${String(r.present).padEnd(3)} (${r.positive} allowed, ${r.negative} forbidden)` +
        (r.missed.length
          ? `  (not tried: ${r.missed.slice(0, 3).join(', ')}${r.missed.length > 3 ? ', …' : ''})`
          : ''),
    ),
  ];
}
