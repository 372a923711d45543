// What a consumer's test run sent the mock, for the spec review (docs/reviewing-spec-changes.md): per
// operation, how many calls, which parameters were present and which request body fields were sent. What
// the consumer's code reads of the answers the mock cannot know (the client's `recordUsage` records that):
// the document says it was recorded by the mock. Names and counts only, never a value, and only names the
// contract declares (any other key counts as `*`): no personal data can reach the document, whatever the
// keys. Bounded: the names are the schemas', field paths stop at a depth and a number per operation, and the
// set of operations is the contract's.
import {
  type ContractModel,
  type DeclaredFields,
  fieldPaths,
  USAGE_MAX_DEPTH as MAX_DEPTH,
  USAGE_MAX_NAMES as MAX_NAMES,
  type Operation,
  requestFieldsOf,
} from '@banking-api/contract';
import { type OperationUsage, USAGE_VERSION, type UsageDocument } from '../api/usage.ts';
import type { ServedRequest } from '../http/served.ts';

export { fieldPaths, UNDECLARED } from '@banking-api/contract';

/** The body size read. */
const MAX_BODY = 256 * 1024;

/** A JSON body's declared field paths; none for a body that is not JSON or too large to look at. */
function bodyFields(body: Buffer | string | undefined, declared: DeclaredFields): Set<string> {
  if (body === undefined || body.length === 0 || body.length > MAX_BODY) return new Set();
  try {
    return fieldPaths(JSON.parse(body.toString()), declared);
  } catch {
    return new Set();
  }
}

/** Counts kept in a Map: no key is ever read as an inherited property (`constructor`, `__proto__`). */
type Counts = Map<string, number>;

const count = (into: Counts, names: Iterable<string>) => {
  for (const name of names)
    if (into.has(name) || into.size < MAX_NAMES) into.set(name, (into.get(name) ?? 0) + 1);
};

/** The contract's parameters present in the request: path ones always, query and header ones when sent. */
function presentParameters(served: ServedRequest): string[] {
  const op = served.match?.operation;
  if (!op) return [];
  const query = new URLSearchParams(served.target.query);
  return op.parameters
    .filter((p) =>
      p.in === 'path'
        ? true
        : p.in === 'query'
          ? query.has(p.name)
          : p.in === 'header' && served.headers[p.name.toLowerCase()] !== undefined,
    )
    .map((p) => p.name);
}

/** One operation's usage as recorded. */
interface Recorded {
  calls: number;
  parameters: Counts;
  requestFields: Counts;
}

const plain = (counts: Counts): Record<string, number> =>
  Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));

export class UsageRecorder {
  readonly #operations = new Map<string, Recorded>();
  readonly #declared = new WeakMap<Operation, DeclaredFields>();
  readonly #contract: UsageDocument['contract'];

  constructor(model: ContractModel) {
    this.#contract = { title: model.title, version: model.version };
  }

  /** Records one answered request of a known operation: what it was sent. */
  record(served: ServedRequest): void {
    const op = served.match?.operation;
    if (!op || served.dropped) return;
    const usage = this.#operations.get(op.key) ?? {
      calls: 0,
      parameters: new Map(),
      requestFields: new Map(),
    };
    usage.calls++;
    count(usage.parameters, presentParameters(served));
    count(usage.requestFields, bodyFields(served.body, this.#declaredOf(op)));
    this.#operations.set(op.key, usage);
  }

  #declaredOf(op: Operation): DeclaredFields {
    let declared = this.#declared.get(op);
    if (!declared) {
      declared = requestFieldsOf(op, MAX_DEPTH);
      this.#declared.set(op, declared);
    }
    return declared;
  }

  /** The usage document, a copy: sorted operations, ready to write to consumers/<team>.json. */
  document(): UsageDocument {
    const operations = Object.fromEntries(
      [...this.#operations]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, u]): [string, OperationUsage] => [
          key,
          { calls: u.calls, parameters: plain(u.parameters), requestFields: plain(u.requestFields) },
        ]),
    );
    return { usageVersion: USAGE_VERSION, recordedBy: 'mock', contract: { ...this.#contract }, operations };
  }

  clear(): void {
    this.#operations.clear();
  }
}
