// Stateful verification's first stage: before any check, send the caller's setup requests, then each
// operation's first valid request (of the operations a run selects and those they need), and keep the identifiers the answers carry; operations whose inputs
// got a value the first time round are sent once more (a log listed after a test delivery made it), so
// that the checks send identifiers this server issued. These requests are not judged.
import type { ContractModel, Operation } from '@banking-api/contract';
import { exampleRequests } from '../requests/examples.js';
import { type Answer, ConnectionError, type Probe, type Send, UnsendableRequest } from '../types.js';
import { harvest } from './harvest.js';
import { identifierInputs, identifierNames } from './inputs.js';
import { ANY_NAME, issuedNames, operationsNeeded } from './issuers.js';
import { issuedValues } from './values.js';

/** One setup request of a fixtures file: an operation, and values for its parameters and body fields. */
export interface SetupRequest {
  readonly operationId: string;
  readonly values?: Readonly<Record<string, unknown>>;
}

export interface SetupOptions {
  readonly seed: number;
  /** Only these operations (and what they need, see issuers.ts) are called; default all. */
  readonly operations?: readonly Operation[];
  readonly setup?: readonly SetupRequest[];
  readonly fixtures?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** The identifiers issued by the server, by input name. */
export async function discoverIdentifiers(
  model: ContractModel,
  send: Send,
  options: SetupOptions,
): Promise<Record<string, unknown>> {
  const wanted = identifierNames(model.operations);
  const identifiers: Record<string, unknown> = {};
  const sendOne = async (op: Operation, extra: Readonly<Record<string, unknown>> = {}) => {
    const { values } = issuedValues(op, identifiers, { ...options.fixtures?.[op.operationId], ...extra });
    const [first] = exampleRequests(op, options.seed, values);
    if (!first) return;
    const answer = await sendOrSkip(send, first.probe);
    if (!answer || answer.status >= 300) return;
    Object.assign(identifiers, harvest(op, parse(answer.text), wanted));
  };
  for (const step of options.setup ?? []) {
    const op = model.operations.find((o) => o.operationId === step.operationId);
    if (!op) throw new Error(`fixtures: no operation ${step.operationId} in the contract`);
    await sendOne(op, step.values);
  }
  const before = new Set(Object.keys(identifiers));
  const ops = options.operations
    ? operationsNeeded(model.operations, options.operations, options.fixtures)
    : model.operations;
  const selected = new Set(options.operations ?? model.operations);
  const missing = missingNames(ops, options.fixtures);
  // An operation called only as an issuer is skipped once what it may issue has come.
  const stillUseful = (op: Operation) =>
    selected.has(op) ||
    [...issuedNames(op)].some((name) => (name === ANY_NAME ? [...missing].some(unfound) : unfound(name)));
  const unfound = (name: string) => missing.has(name) && !(name in identifiers);
  for (const op of ops) if (stillUseful(op)) await sendOne(op);
  const fed = (op: Operation) =>
    identifierInputs(op).some((i) => i.name in identifiers && !before.has(i.name));
  for (const op of ops.filter(fed)) await sendOne(op);
  return identifiers;
}

/** The identifier inputs of `ops` that no fixture gives: what discovery looks for. */
function missingNames(ops: readonly Operation[], fixtures: SetupOptions['fixtures'] = {}): Set<string> {
  const names = new Set<string>();
  for (const op of ops)
    for (const input of identifierInputs(op))
      if (!(input.name in (fixtures[op.operationId] ?? {}))) names.add(input.name);
  return names;
}

/**
 * The answer, or none when the server took the request but did not answer it: that operation's checks
 * report it (answers-within-limits); none either when the request could not be sent (its checks note it).
 * A server not reached at all still ends the run.
 */
async function sendOrSkip(send: Send, probe: Probe): Promise<Answer | undefined> {
  try {
    return await send(probe);
  } catch (error) {
    if (error instanceof ConnectionError && error.stage === 'answer') return undefined;
    if (error instanceof UnsendableRequest) return undefined;
    throw error;
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
