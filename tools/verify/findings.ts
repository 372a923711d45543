// Collects what the checks find. The same deviation seen on many requests of one operation is kept once,
// with a count: a server that drops a field everywhere gives one failure per operation, not hundreds.
import type { Operation } from '@banking-api/contract';
import { curlCommand } from './curl.ts';
import type { Failure, Findings, Note, Probe, VerifyOptions } from './types.ts';

export interface CheckRun {
  readonly operation: string;
  readonly check: string;
}

export interface Collected extends Findings {
  readonly failures: Failure[];
  readonly notes: Note[];
  /** Every (operation, check) that ran, in order of first run. */
  readonly runs: CheckRun[];
}

const keyOf = (operation: Operation | string) => (typeof operation === 'string' ? operation : operation.key);

export function collectFindings(options: Pick<VerifyOptions, 'target' | 'files'>): Collected {
  const failures: Failure[] = [];
  const notes: Note[] = [];
  const runs: CheckRun[] = [];
  const seen = new Map<string, Failure>();
  const seenNotes = new Set<string>();
  const seenRuns = new Set<string>();
  return {
    failures,
    notes,
    runs,
    fail(op, check, expected, got, probe: Probe) {
      const operation = keyOf(op);
      const id = `${operation}\n${check}\n${expected}`;
      const known = seen.get(id);
      if (known) {
        known.occurrences += 1;
        return;
      }
      const failure = { operation, check, expected, got, curl: curlCommand(probe, options), occurrences: 1 };
      seen.set(id, failure);
      failures.push(failure);
    },
    note(op, check, message) {
      const operation = keyOf(op);
      const id = `${operation}\n${check}\n${message}`;
      if (seenNotes.has(id)) return;
      seenNotes.add(id);
      notes.push({ operation, check, message });
    },
    ran(op, check) {
      const operation = keyOf(op);
      const id = `${operation}\n${check}`;
      if (seenRuns.has(id)) return;
      seenRuns.add(id);
      runs.push({ operation, check });
    },
  };
}
