// The last word of a report: deviates, conforms, or — in a rerun that could not re-send some of what
// failed before — neither, since a failure not checked again has not passed.
import type { Report } from './runner.js';

export function verdictOf(report: Report): string {
  if (report.failures.length) return 'The server deviates from the contract.';
  const left = report.notRechecked?.length ?? 0;
  if (left)
    return `Not verified: ${left} failure(s) of the earlier report were not checked again (listed above).`;
  return 'The server conforms.';
}

/** The failures of the --rerun report that this run did not check again. */
export function notRecheckedLines(report: Report): string[] {
  const left = report.notRechecked ?? [];
  if (!left.length) return [];
  return [
    '',
    'Not rechecked (failed in the earlier report; not run again, so not passed):',
    ...left.map((f) => `  ? ${f.operation}  ${f.check}`),
  ];
}
