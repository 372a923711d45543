// What a consumer's test run used of the contract, for the spec review (docs/reviewing-spec-changes.md):
// per operation, how many calls, which parameters were present, which request body fields were sent and
// which response fields came back. Names and counts only, never a value: no personal data can reach the
// document. Bounded: field paths stop at a depth and a number per operation, so a hostile body cannot
// grow it; the set of operations is the contract's.
import type { ContractModel } from '@banking-api/contract';
import type { GatewayHooks, RequestContext } from './hooks.ts';

/** Format version of the usage document. */
export const USAGE_VERSION = 1;

/** How deep field paths go, how many distinct names are kept per operation and list, and the body size read. */
const MAX_DEPTH = 6;
const MAX_NAMES = 256;
const MAX_BODY = 256 * 1024;

export interface OperationUsage {
  calls: number;
  /** Parameter name → requests it was present in (path, query, header parameters of the contract). */
  parameters: Record<string, number>;
  /** Request body field path (`payer.name`, `items[].id`) → requests that sent it. */
  requestFields: Record<string, number>;
  /** Response body field path → responses (2xx) that returned it. */
  responseFields: Record<string, number>;
}

export interface UsageDocument {
  usageVersion: typeof USAGE_VERSION;
  /** The contract the mock served. */
  contract: { title: string; version: string };
  /** Operations by key (`POST /hb/transfers/ted`), only those called. */
  operations: Record<string, OperationUsage>;
}

/** The field paths of a JSON value (objects' keys, arrays as `[]`), never its values. */
export function fieldPaths(
  value: unknown,
  prefix: string = '',
  depth: number = 0,
  out: Set<string> = new Set<string>(),
): Set<string> {
  if (depth >= MAX_DEPTH || out.size >= MAX_NAMES || value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 16)) fieldPaths(item, `${prefix}[]`, depth + 1, out);
    return out;
  }
  for (const [key, child] of Object.entries(value)) {
    if (out.size >= MAX_NAMES) break;
    const path = prefix ? `${prefix}.${key}` : key;
    out.add(path);
    fieldPaths(child, path, depth + 1, out);
  }
  return out;
}

/** A JSON body's field paths; none for a body that is not JSON or too large to look at. */
function bodyFields(body: Buffer | string | undefined): Set<string> {
  if (body === undefined || body.length === 0 || body.length > MAX_BODY) return new Set();
  try {
    return fieldPaths(JSON.parse(body.toString()));
  } catch {
    return new Set();
  }
}

const count = (into: Record<string, number>, names: Iterable<string>) => {
  for (const name of names)
    if (name in into || Object.keys(into).length < MAX_NAMES) into[name] = (into[name] ?? 0) + 1;
};

/** The contract's parameters present in the request: path ones always, query and header ones when sent. */
function presentParameters(ctx: RequestContext): string[] {
  const op = ctx.match?.operation;
  if (!op) return [];
  const query = new URLSearchParams(ctx.target.query);
  return op.parameters
    .filter((p) =>
      p.in === 'path'
        ? true
        : p.in === 'query'
          ? query.has(p.name)
          : p.in === 'header' && ctx.req.headers[p.name.toLowerCase()] !== undefined,
    )
    .map((p) => p.name);
}

export class UsageRecorder {
  readonly #operations = new Map<string, OperationUsage>();
  readonly #contract: UsageDocument['contract'];

  constructor(model: ContractModel) {
    this.#contract = { title: model.title, version: model.version };
  }

  /** Records one answered request of a known operation. */
  record(ctx: RequestContext, status: number): void {
    const key = ctx.match?.operation.key;
    if (!key || ctx.dropped) return;
    const usage = this.#operations.get(key) ?? {
      calls: 0,
      parameters: {},
      requestFields: {},
      responseFields: {},
    };
    usage.calls++;
    count(usage.parameters, presentParameters(ctx));
    count(usage.requestFields, bodyFields(ctx.body));
    if (status >= 200 && status < 300) count(usage.responseFields, bodyFields(ctx.answer?.body));
    this.#operations.set(key, usage);
  }

  /** The usage document, a copy: sorted operations, ready to write to consumers/<team>.json. */
  document(): UsageDocument {
    const operations = Object.fromEntries(
      [...this.#operations]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, u]) => [key, structuredClone(u)]),
    );
    return { usageVersion: USAGE_VERSION, contract: { ...this.#contract }, operations };
  }

  clear(): void {
    this.#operations.clear();
  }
}

/** The gateway hook recording every answer. */
export const usageHooks = (recorder: UsageRecorder): GatewayHooks => ({
  onResponse: (ctx, status) => recorder.record(ctx, status),
});
