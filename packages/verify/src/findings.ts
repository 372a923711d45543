// Collects what the checks find. The same deviation seen on many requests of one operation is kept once,
// with a count: a server that drops a field everywhere gives one failure per operation, not hundreds.
// Findings of checks the run does not select are dropped here.
import { type Answer, checkById } from '@banking-api/conformance';
import { type ContractModel, type Operation, redact } from '@banking-api/contract';
import { type CoverageCollector, coverageCollector } from './coverage-report.js';
import { curlCommand, redactUrl } from './curl.js';
import type { Actual, ContractIssue, Failure, Findings, Note, Probe, VerifyOptions } from './types.js';

export interface CheckRun {
  readonly operation: string;
  readonly check: string;
}

export interface Collected extends Findings {
  readonly covered: CoverageCollector['covered'];
  /** What the coverage phase tried, per operation. */
  readonly coverage: CoverageCollector;
  readonly failures: Failure[];
  readonly notes: Note[];
  /** The contract's own findings (its examples break its schemas): not the server's. */
  readonly contractIssues: ContractIssue[];
  /** Every (operation, check) that ran, in order of first run. */
  readonly runs: CheckRun[];
}

const keyOf = (operation: Operation | string) => (typeof operation === 'string' ? operation : operation.key);
const REQUEST_ID_HEADERS = ['x-request-id', 'request-id', 'x-correlation-id'];

/** Redacted first, then cut: a cut made first could halve a CPF and leave its digits unrecognised. */
const clip = (text: string, max = 2000) => (text.length > max ? `${text.slice(0, max)}…` : text);

const actualOf = (answer: Answer): Actual => ({
  status: answer.status,
  mediaType: answer.mediaType,
  body: clip(redact(answer.text)),
});

/** A failure as the report keeps it: what came redacted, the request as a curl command. */
function failureOf(
  where: Pick<Failure, 'operation' | 'operationId' | 'check'>,
  expected: string,
  got: string,
  probe: Probe,
  answer: Answer | undefined,
  options: Pick<VerifyOptions, 'target' | 'files'>,
): Failure {
  // The server's own header: redacted like any text it sends (a plain UUID stays as it is).
  const requestId = REQUEST_ID_HEADERS.map((h) => answer?.headers[h]).find(Boolean);
  return {
    ...where,
    expected,
    got: redact(got),
    ...(answer && { actual: actualOf(answer) }),
    request: { method: probe.method, path: redactUrl(probe.path, probe.generated) },
    ...(requestId && { requestId: redact(requestId) }),
    curl: curlCommand(probe, options),
    occurrences: 1,
  };
}

/** The contract's own findings, each kept once with the number of requests that showed it. */
function contractIssueCollector(selected: (check: string) => boolean) {
  const issues: ContractIssue[] = [];
  const seen = new Map<string, ContractIssue>();
  const add = (op: Operation | string, check: string, message: string) => {
    if (!selected(check)) return;
    const operation = keyOf(op);
    const id = `${operation}\n${check}\n${message}`;
    const known = seen.get(id);
    if (known) known.occurrences += 1;
    else {
      const issue = { operation, check, message: redact(message), occurrences: 1 };
      seen.set(id, issue);
      issues.push(issue);
    }
  };
  return { issues, add };
}

export function collectFindings(
  model: ContractModel,
  options: Pick<VerifyOptions, 'target' | 'files'>,
  selected: (check: string) => boolean = () => true,
): Collected {
  const failures: Failure[] = [];
  const notes: Note[] = [];
  const contract = contractIssueCollector(selected);
  const runs: CheckRun[] = [];
  const seen = new Map<string, Failure>();
  const seenNotes = new Set<string>();
  const seenRuns = new Set<string>();
  const operationIdOf = (key: string) => model.operations.find((op) => op.key === key)?.operationId ?? '';
  const coverage = coverageCollector();
  return {
    failures,
    notes,
    contractIssues: contract.issues,
    runs,
    coverage,
    covered: coverage.covered,
    fail(op, check, expected, got, probe: Probe, answer?: Answer) {
      if (!selected(check)) return;
      const operation = keyOf(op);
      const id = `${operation}\n${check}\n${expected}`;
      const known = seen.get(id);
      if (known) {
        known.occurrences += 1;
        return;
      }
      const where = { operation, operationId: operationIdOf(operation), check };
      const failure = failureOf(where, expected, got, probe, answer, options);
      seen.set(id, failure);
      failures.push(failure);
    },
    note(op, check, message) {
      if (checkById(check) && !selected(check)) return;
      const operation = keyOf(op);
      const id = `${operation}\n${check}\n${message}`;
      if (seenNotes.has(id)) return;
      seenNotes.add(id);
      notes.push({ operation, check, message });
    },
    contractIssue: contract.add,
    ran(op, check) {
      if (!selected(check)) return;
      const operation = keyOf(op);
      const id = `${operation}\n${check}`;
      if (seenRuns.has(id)) return;
      seenRuns.add(id);
      runs.push({ operation, check });
    },
  };
}
