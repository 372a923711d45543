// What the engine's own tests share: the shipped contract's model, findings that remember what they were
// told, and a stand-in server that answers each probe with the example the contract documents for the
// status a test decides (so a test can play a conforming server, or one that breaks one rule).
import {
  type Answer,
  type CheckContext,
  checkById,
  type Findings,
  type Probe,
  type RunOptions,
  type Send,
} from '@banking-api/conformance';
import { contractModel, type Operation, responseFor } from '@banking-api/contract';

export const model = contractModel();

/** The first operation of the model that `has` what a test needs; fails the test when none has. */
export function operationWith(has: (op: Operation) => boolean, what: string): Operation {
  const op = model.operations.find(has);
  if (!op) throw new Error(`no operation of the contract has ${what}`);
  return op;
}

export interface Recorded extends Findings {
  readonly failures: { operation: string; check: string; expected: string; got: string; probe: Probe }[];
  readonly notes: { operation: string; check: string; message: string }[];
  readonly contractIssues: { operation: string; check: string; message: string }[];
  readonly runs: { operation: string; check: string }[];
}

const keyOf = (op: Operation | string) => (typeof op === 'string' ? op : op.key);

export function recorder(): Recorded {
  const failures: Recorded['failures'] = [];
  const notes: Recorded['notes'] = [];
  const runs: Recorded['runs'] = [];
  const contractIssues: Recorded['contractIssues'] = [];
  return {
    failures,
    notes,
    contractIssues,
    runs,
    fail: (op, check, expected, got, probe) =>
      void failures.push({ operation: keyOf(op), check, expected, got, probe }),
    note: (op, check, message) => void notes.push({ operation: keyOf(op), check, message }),
    contractIssue: (op, check, message) => void contractIssues.push({ operation: keyOf(op), check, message }),
    ran: (op, check) => void runs.push({ operation: keyOf(op), check }),
  };
}

/** The answer a conforming server gives `op` with `status`: the documented example and content type. */
export function documentedAnswer(op: Operation, status: number): Answer {
  const media = responseFor(op, status)?.content[0];
  const example = media?.examples[0]?.value ?? errorExample(status);
  return {
    status,
    mediaType: media?.mediaType ?? '',
    headers: {},
    text: media ? JSON.stringify(example) : '',
  };
}

/** An error envelope for `status`, from the contract's own 400 example. */
function errorExample(status: number): unknown {
  const op = operationWith((o) => Boolean(responseFor(o, 400)?.content[0]?.examples[0]), 'a 400 example');
  const example = responseFor(op, 400)?.content[0]?.examples[0]?.value as Record<string, unknown>;
  return { ...example, status_code: status };
}

/** An error envelope's `path` set to the path the probe was sent to, as the contract states (x-equals). */
function atPath(answer: Answer, probe: Probe): Answer {
  if (answer.status < 400 || !answer.text) return answer;
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  return { ...answer, text: JSON.stringify({ ...body, path: probe.path.split('?')[0] }) };
}

/** A server that answers each probe of `op` with the status `decide` picks, as the contract documents it. */
export function server(op: Operation, decide: (probe: Probe) => number): { send: Send; sent: Probe[] } {
  const sent: Probe[] = [];
  const send: Send = async (probe) => {
    sent.push(probe);
    return atPath(documentedAnswer(op, decide(probe)), probe);
  };
  return { send, sent };
}

export function context(
  send: Send,
  options: Partial<RunOptions> = {},
): CheckContext & { findings: Recorded } {
  return {
    model,
    send,
    findings: recorder(),
    options: { seed: 1, maxExamples: 3, scopeChecks: true, ...options },
  };
}

/** A check of the registry by id; fails the test when the registry has none. */
export function registered(id: string) {
  const check = checkById(id);
  if (!check) throw new Error(`no check ${id} in the registry`);
  return check;
}

/** The success status an operation documents first, as a number. */
export const successStatus = (op: Operation): number =>
  Number(op.responses.find((r) => /^2\d\d$/.test(r.status))?.status ?? 200);
