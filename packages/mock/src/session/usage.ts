// What a consumer's test run used of the contract, for the spec review (docs/reviewing-spec-changes.md):
// per operation, how many calls, which parameters were present, which request body fields were sent and
// which response fields came back. Names and counts only, never a value, and only names the contract
// declares (any other key counts as `*`): no personal data can reach the document, whatever the keys.
// Bounded: the names are the schemas', field paths stop at a depth and a number per operation, and the
// set of operations is the contract's.
import type { ContractModel, Operation } from '@banking-api/contract';
import { type OperationUsage, USAGE_VERSION, type UsageDocument } from '../api/usage.ts';
import type { Answer } from '../http/answer.ts';
import type { ServedRequest } from '../http/served.ts';
import { type DeclaredFields, requestFieldsOf, responseFieldsOf } from './declared-fields.ts';

/** How deep field paths go, how many distinct names are kept per operation and list, and the body size read. */
const MAX_DEPTH = 6;
const MAX_NAMES = 256;
const MAX_BODY = 256 * 1024;

/** Where a key the schema does not declare is counted: one marker per parent, never the key itself. */
export const UNDECLARED = '*';

/**
 * The field paths of a JSON value (objects' keys, arrays as `[]`), never its values. With `declared`, only
 * the paths the schema declares are kept; any other key counts as `<parent>.*` and is not looked into.
 */
export function fieldPaths(
  value: unknown,
  declared?: DeclaredFields,
  prefix: string = '',
  depth: number = 0,
  out: Set<string> = new Set<string>(),
): Set<string> {
  if (depth >= MAX_DEPTH || out.size >= MAX_NAMES || value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) {
    const path = `${prefix}[]`;
    if (declared && !declared.has(path)) return out;
    for (const item of value.slice(0, 16)) fieldPaths(item, declared, path, depth + 1, out);
    return out;
  }
  for (const key of Object.keys(value)) {
    if (out.size >= MAX_NAMES) break;
    const path = prefix ? `${prefix}.${key}` : key;
    if (declared && !declared.has(path)) {
      out.add(prefix ? `${prefix}.${UNDECLARED}` : UNDECLARED);
      continue;
    }
    out.add(path);
    fieldPaths((value as Record<string, unknown>)[key], declared, path, depth + 1, out);
  }
  return out;
}

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
  responseFields: Counts;
}

/** The paths an operation declares, read from its schemas once. */
interface Declared {
  request: DeclaredFields;
  response: DeclaredFields;
  /** The response fields of answer bodies seen lately: the fast path sends the same text again and again. */
  answered: Map<string, Set<string>>;
}

const REMEMBERED_ANSWERS = 32;

/** The declared field paths of an answer's body, read once per distinct text (a CPU profile: 3% per request). */
function answerFields(body: Answer['body'], declared: Declared): Set<string> {
  if (typeof body !== 'string' || body.length > MAX_BODY) return bodyFields(body, declared.response);
  let fields = declared.answered.get(body);
  if (!fields) {
    fields = bodyFields(body, declared.response);
    if (declared.answered.size >= REMEMBERED_ANSWERS) declared.answered.clear();
    declared.answered.set(body, fields);
  }
  return fields;
}

const plain = (counts: Counts): Record<string, number> =>
  Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));

export class UsageRecorder {
  readonly #operations = new Map<string, Recorded>();
  readonly #declared = new WeakMap<Operation, Declared>();
  readonly #contract: UsageDocument['contract'];

  constructor(model: ContractModel) {
    this.#contract = { title: model.title, version: model.version };
  }

  /** Records one answered request of a known operation. */
  record(served: ServedRequest): void {
    const op = served.match?.operation;
    if (!op || served.dropped) return;
    const usage = this.#operations.get(op.key) ?? {
      calls: 0,
      parameters: new Map(),
      requestFields: new Map(),
      responseFields: new Map(),
    };
    const declared = this.#declaredOf(op);
    usage.calls++;
    count(usage.parameters, presentParameters(served));
    count(usage.requestFields, bodyFields(served.body, declared.request));
    const { status } = served;
    if (status >= 200 && status < 300)
      count(usage.responseFields, answerFields(served.answer?.body, declared));
    this.#operations.set(op.key, usage);
  }

  #declaredOf(op: Operation): Declared {
    let declared = this.#declared.get(op);
    if (!declared) {
      declared = {
        request: requestFieldsOf(op, MAX_DEPTH),
        response: responseFieldsOf(op, MAX_DEPTH),
        answered: new Map(),
      };
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
          {
            calls: u.calls,
            parameters: plain(u.parameters),
            requestFields: plain(u.requestFields),
            responseFields: plain(u.responseFields),
          },
        ]),
    );
    return { usageVersion: USAGE_VERSION, contract: { ...this.#contract }, operations };
  }

  clear(): void {
    this.#operations.clear();
  }
}
