// --rerun REPORT.json: the failures of an earlier run, read back from its JSON report.
import { readFile } from 'node:fs/promises';
import { UsageError } from './options.js';

export interface FailedPair {
  readonly operation: string;
  readonly check: string;
}

export async function failuresOf(file: string): Promise<FailedPair[]> {
  let report: { failures?: unknown };
  try {
    report = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--rerun ${file} is not a verify JSON report: ${(error as Error).message}`);
  }
  if (!Array.isArray(report.failures))
    throw new UsageError(`--rerun ${file} is not a verify JSON report (no "failures" list).`);
  return report.failures.flatMap((f: { operation?: unknown; check?: unknown }) =>
    typeof f.operation === 'string' && typeof f.check === 'string'
      ? [{ operation: f.operation, check: f.check }]
      : [],
  );
}
