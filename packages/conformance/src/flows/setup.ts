// Stateful verification's first stage: before any check, send the caller's setup requests, then each
// operation's first valid request, and keep the identifiers the answers carry; operations whose inputs
// got a value the first time round are sent once more (a log listed after a test delivery made it), so
// that the checks send identifiers this server issued. These requests are not judged.
import type { ContractModel, Operation } from '@banking-api/contract';
import { exampleRequests } from '../requests/examples.js';
import type { Send } from '../types.js';
import { harvest } from './harvest.js';
import { identifierInputs, identifierNames } from './inputs.js';
import { issuedValues } from './values.js';

/** One setup request of a fixtures file: an operation, and values for its parameters and body fields. */
export interface SetupRequest {
  readonly operationId: string;
  readonly values?: Readonly<Record<string, unknown>>;
}

export interface SetupOptions {
  readonly seed: number;
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
    const answer = await send(first.probe);
    if (answer.status >= 300) return;
    Object.assign(identifiers, harvest(op, parse(answer.text), wanted));
  };
  for (const step of options.setup ?? []) {
    const op = model.operations.find((o) => o.operationId === step.operationId);
    if (!op) throw new Error(`fixtures: no operation ${step.operationId} in the contract`);
    await sendOne(op, step.values);
  }
  const before = new Set(Object.keys(identifiers));
  for (const op of model.operations) await sendOne(op);
  const fed = (op: Operation) =>
    identifierInputs(op).some((i) => i.name in identifiers && !before.has(i.name));
  for (const op of model.operations.filter(fed)) await sendOne(op);
  return identifiers;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
