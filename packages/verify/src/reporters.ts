// The report three ways: a summary for the terminal, JUnit XML for CI, JSON for machines. What the server
// sent is printed on one line, escaped (one-line.ts): no line of a report is the server's.
import { coverageLines } from './coverage-report.js';
import { jsonWithEscapes, oneLine } from './one-line.js';
import { parityLines } from './parity.js';
import type { Report } from './runner.js';
import type { Tally } from './summary.js';
import { notRecheckedLines, verdictOf } from './verdict.js';

/** Failures in full, then the notes, then the summary by check and by operation, then one verdict line. */
export function terminalReport(report: Report): string {
  const failedChecks = report.checks.filter((c) => c.failed).length;
  const lines = [
    `verify ${report.target} against ${report.contract.title} ${report.contract.version}`,
    `${report.operations} operations, ${report.requests} requests, ${report.checks.length} checks, ` +
      `${failedChecks} failed (seed ${report.seed}, max ${report.maxExamples} examples) in ` +
      `${(report.durationMs / 1000).toFixed(1)} s`,
  ];
  for (const f of report.failures) {
    const times = f.occurrences > 1 ? ` (${f.occurrences} requests)` : '';
    lines.push(
      '',
      oneLine(`✗ ${f.operation} (${f.operationId || 'contract'})  ${f.check}${times}`),
      `  expected: ${oneLine(f.expected)}`,
      `  got:      ${oneLine(f.got)}`,
    );
    if (f.requestId) lines.push(`  request id: ${oneLine(f.requestId)}`);
    lines.push(`  reproduce: ${oneLine(f.curl)}`);
  }
  if (report.notes.length) {
    lines.push('', 'Left open by the contract (only what it states was checked):');
    for (const n of report.notes) lines.push(oneLine(`  - ${n.operation}  ${n.check}: ${n.message}`));
  }
  lines.push(...contractIssueLines(report));
  lines.push(...summaryLines(report), ...coverageLines(report.coverage ?? []));
  if (report.parity) lines.push(...parityLines(report.parity));
  lines.push(...notRecheckedLines(report), '', verdictOf(report));
  return `${lines.join('\n')}\n`;
}

/** The contract's own findings: apart from the server's failures, and not counted against it. */
function contractIssueLines(report: Report): string[] {
  const issues = report.contractIssues ?? [];
  if (issues.length === 0) return [];
  const lines = [
    '',
    "The contract's own findings (its examples break its schemas; not the server's, not failing the run):",
  ];
  for (const i of issues) {
    const times = i.occurrences > 1 ? ` (${i.occurrences} requests)` : '';
    lines.push(oneLine(`  - ${i.operation}  ${i.check}${times}: ${i.message}`));
  }
  return lines;
}

/** The summary: every check, then the operations that failed something (all of them pass otherwise). */
function summaryLines(report: Report): string[] {
  const { byCheck, byOperation } = report.summary;
  const failedOps = byOperation.filter((t) => t.failed > 0);
  const lines = ['', 'Summary by check (operations run / failed, requests that deviated):'];
  lines.push(...table(byCheck));
  if (failedOps.length) {
    lines.push(
      '',
      `Operations that deviate (${failedOps.length} of ${byOperation.length}; checks failed / run):`,
    );
    lines.push(...table(failedOps));
  }
  return lines;
}

function table(rows: readonly Tally[]): string[] {
  const width = Math.max(...rows.map((r) => r.name.length), 0);
  return rows.map(
    (r) =>
      `  ${r.failed ? '✗' : '✓'} ${r.name.padEnd(width)}  ${String(r.ran).padStart(3)} / ${String(r.failed).padEnd(3)}` +
      (r.requests ? ` (${r.requests} requests)` : ''),
  );
}

export const jsonReport = (report: Report) => `${jsonWithEscapes(JSON.stringify(report, null, 2))}\n`;

/** One test case per (operation, check); a failed one carries each of its failures. */
export function junitReport(report: Report): string {
  const failed = report.checks.filter((c) => c.failed).length;
  const seconds = (report.durationMs / 1000).toFixed(3);
  const cases = report.checks.map((c) => {
    const failures = report.failures
      .filter((f) => f.operation === c.operation && f.check === c.check)
      .map((f) => {
        const text = `expected: ${oneLine(f.expected)}\ngot: ${oneLine(f.got)}\nreproduce: ${oneLine(f.curl)}`;
        return `      <failure message="${xml(`expected ${oneLine(f.expected)}`)}" type="${xml(f.check)}">${xml(text)}</failure>`;
      });
    const open = `    <testcase classname="${xml(c.operation)}" name="${xml(c.check)}"`;
    return failures.length ? `${open}>\n${failures.join('\n')}\n    </testcase>` : `${open}/>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="verify" tests="${report.checks.length}" failures="${failed}" time="${seconds}">`,
    `  <testsuite name="${xml(`verify ${report.target}`)}" tests="${report.checks.length}" failures="${failed}" errors="0" time="${seconds}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** Escapes text for XML content and attributes; drops characters XML 1.0 cannot carry. */
function xml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML forbids
      .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g, '')
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&apos;')
  );
}

/**
 * GitHub Actions workflow commands: one `::error` (or `::warning`) annotation per failure, titled by the
 * operation and check, and a notice with the verdict. Newlines and `%` are escaped as the runner expects.
 */
export function githubAnnotations(report: Report, levelOf: (check: string) => string): string {
  const escapeData = (text: string) =>
    text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
  const property = (text: string) => escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
  const lines = report.failures.map((f) => {
    const kind = levelOf(f.check) === 'warning' ? 'warning' : 'error';
    const title = property(`${f.operationId || f.operation} ${f.check}`);
    const message = `${f.operation}: expected ${oneLine(f.expected)}\ngot ${oneLine(f.got)}\n${oneLine(f.curl)}`;
    return `::${kind} title=${title}::${escapeData(message)}`;
  });
  const verdict = verdictOf(report);
  lines.push(`::notice title=verify::${escapeData(`${verdict} ${report.failures.length} failures.`)}`);
  return `${lines.join('\n')}\n`;
}
