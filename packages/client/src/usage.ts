// What a consumer's code depends on, recorded in its own test run, for the spec review
// (docs/reviewing-spec-changes.md in the contract's repository): `recordUsage(client)` gives a client that
// works as the one it wraps and counts, per operation, the parameters and body fields the code sent and the
// response fields and headers it read (a field counts when the code reads it, not when it arrives). Write
// `usage()` to the contract repository as `consumers/<team>.json`: a breaking change then names the team only
// where it touches what the team's code uses. Names and counts only, never a value, and only the names the
// contract declares: a key the code reads that the schema does not declare (a CPF used as a key) is not kept.
import {
  type ContractModel,
  contractModel,
  fieldPaths,
  HTTP_METHODS,
  type Operation,
  type OperationUsage,
  requestFieldsOf,
  responseFieldsOf,
  responseHeadersOf,
  USAGE_MAX_DEPTH,
  USAGE_MAX_NAMES,
  USAGE_VERSION,
  type UsageDocument,
} from '@banking-api/contract';

export interface UsageRecording<C> {
  /** The client to call in the test run: the wrapped one's methods, recorded. */
  readonly client: C;
  /** The usage document so far (a copy), ready to write to consumers/<team>.json. */
  usage(): UsageDocument;
  clear(): void;
}

type Counts = Map<string, number>;
type Recorded = {
  calls: number;
  parameters: Counts;
  requestFields: Counts;
  responseFields: Counts;
  responseHeaders: Counts;
};
type Call = { op: Operation; usage: Recorded; read: Set<string>; declared: ReadonlySet<string> };

const isPlain = (v: unknown): v is object =>
  v !== null && typeof v === 'object' && (Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype);

function count(into: Counts, name: string): void {
  if (into.has(name) || into.size < USAGE_MAX_NAMES) into.set(name, (into.get(name) ?? 0) + 1);
}

/** `value` that counts each declared field path the first time the code reads it in this call. */
function recording<T>(
  value: T,
  call: Call,
  prefix: string,
  depth: number,
  seen: WeakMap<object, unknown>,
): T {
  if (!isPlain(value) || depth >= USAGE_MAX_DEPTH) return value;
  const known = seen.get(value);
  if (known) return known as T;
  const proxy = new Proxy(value, {
    get(target, key, receiver) {
      const item = Reflect.get(target, key, receiver);
      if (typeof key !== 'string') return item;
      if (Array.isArray(target) && !/^\d+$/.test(key)) return item; // `length`, `map`: no field
      const path = Array.isArray(target) ? `${prefix}[]` : prefix ? `${prefix}.${key}` : key;
      if (!call.declared.has(path)) return item; // only what the contract declares, never a key of the data
      if (!Array.isArray(target) && !call.read.has(path)) {
        call.read.add(path);
        count(call.usage.responseFields, path);
      }
      return recording(item, call, path, depth + 1, seen);
    },
  });
  seen.set(value, proxy);
  return proxy as T;
}

/** The response with `headers.get`/`has` counting the declared headers the code reads. */
function recordingResponse(response: unknown, call: Call): unknown {
  if (!(response instanceof Response)) return response;
  const declared = responseHeadersOf(call.op);
  const counted = new Set<string>();
  const look = (name: unknown) => {
    const lower = String(name).toLowerCase();
    if (declared.has(lower) && !counted.has(lower)) {
      counted.add(lower);
      count(call.usage.responseHeaders, lower);
    }
  };
  const headers = new Proxy(response.headers, {
    get(target, key) {
      const item = Reflect.get(target, key, target);
      if (key === 'get' || key === 'has')
        return (name: string) => {
          look(name);
          return item.call(target, name);
        };
      return typeof item === 'function' ? item.bind(target) : item;
    },
  });
  return new Proxy(response, {
    get(target, key) {
      if (key === 'headers') return headers;
      const item = Reflect.get(target, key, target);
      return typeof item === 'function' ? item.bind(target) : item;
    },
  });
}

type Init = { params?: Record<string, Record<string, unknown> | undefined>; body?: unknown } | undefined;

/** The declared parameters a call sends: those the code gave, and the account header the client fills. */
function sentParameters(op: Operation, init: Init): string[] {
  const given = new Set<string>();
  for (const [place, values] of Object.entries(init?.params ?? {}))
    for (const name of Object.keys(values ?? {}))
      given.add(`${place}:${place === 'header' ? name.toLowerCase() : name}`);
  return op.parameters
    .filter(
      (p) =>
        given.has(`${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`) ||
        (op.accountHeader && p.in === 'header' && p.name.toLowerCase() === 'x-account-id'),
    )
    .map((p) => p.name);
}

/** Starts recording one call of `op`: counted, with what it sends; what it reads is counted as it is read. */
function begin(operations: Map<string, Recorded>, op: Operation, init: Init): Call {
  const usage = operations.get(op.key) ?? {
    calls: 0,
    parameters: new Map(),
    requestFields: new Map(),
    responseFields: new Map(),
    responseHeaders: new Map(),
  };
  operations.set(op.key, usage);
  usage.calls++;
  for (const name of sentParameters(op, init)) count(usage.parameters, name);
  if (isPlain(init?.body))
    for (const path of fieldPaths(init.body, requestFieldsOf(op, USAGE_MAX_DEPTH)))
      count(usage.requestFields, path);
  return { op, usage, read: new Set(), declared: responseFieldsOf(op, USAGE_MAX_DEPTH) };
}

const plain = (counts: Counts) => Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));

/** The usage document of what was recorded. */
function documentOf(model: ContractModel, operations: Map<string, Recorded>): UsageDocument {
  const entries = [...operations]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, u]): [string, OperationUsage] => [
      key,
      {
        calls: u.calls,
        parameters: plain(u.parameters),
        requestFields: plain(u.requestFields),
        responseFields: plain(u.responseFields),
        responseHeaders: plain(u.responseHeaders),
      },
    ]);
  return {
    usageVersion: USAGE_VERSION,
    recordedBy: 'client',
    contract: { title: model.title, version: model.version },
    operations: Object.fromEntries(entries),
  };
}

type Method = (path: string, init?: Init) => Promise<Record<string, unknown>>;

/** Wraps `client` (a BankingClient, or any client with openapi-fetch's methods) to record what its calls use. */
export function recordUsage<C extends object>(
  client: C,
  model: ContractModel = contractModel(),
): UsageRecording<C> {
  const operations = new Map<string, Recorded>();
  const byKey = new Map(model.operations.map((op) => [op.key, op]));
  const wrap = (method: string, original: Method) => async (path: string, init?: Init) => {
    const result = await original(path, init);
    const op = byKey.get(`${method} ${path}`);
    if (!op || !result || typeof result !== 'object') return result;
    const call = begin(operations, op, init);
    const data = recording(result.data, call, '', 0, new WeakMap());
    return { ...result, data, response: recordingResponse(result.response, call) };
  };
  const methods = HTTP_METHODS as readonly string[];
  const wrapped = new Proxy(client, {
    get(target, key, receiver) {
      const item = Reflect.get(target, key, receiver);
      if (typeof key === 'string' && methods.includes(key) && typeof item === 'function')
        return wrap(key, item.bind(target));
      return typeof item === 'function' ? item.bind(target) : item;
    },
  });
  return { client: wrapped, usage: () => documentOf(model, operations), clear: () => operations.clear() };
}
