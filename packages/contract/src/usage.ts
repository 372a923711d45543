// What a consumer used of the contract, as the spec review reads it (docs/reviewing-spec-changes.md): the
// usage document both recorders write, the mock's (what it was sent) and the client's (what the consumer's
// code sent and read), and the names it may hold: the field paths an operation's schemas declare
// (`payer.name`, `items[].id`, arrays as `[]`) and its parameters' and response headers' names, read from the
// model, so that no key a client or server invents (a CPF, an e-mail, `__proto__`, 100 KB of text) reaches it.
import type { JsonSchema, Operation } from './model.js';
import { resolveSchema } from './schemas.js';

/** Format version of the usage document: 2 says who recorded it, and response reads only from the client. */
export const USAGE_VERSION = 2;

export interface OperationUsage {
  calls: number;
  /** Parameter name → calls it was sent in. */
  parameters: Record<string, number>;
  /** Request body field path (`payer.name`, `items[].id`; `payer.*` for keys not declared) → calls that sent it. */
  requestFields: Record<string, number>;
  /** Response field path → calls whose code read it (the client's recorder only: a server cannot know). */
  responseFields?: Record<string, number>;
  /** Response header name → calls whose code read it (the client's recorder only). */
  responseHeaders?: Record<string, number>;
}

export interface UsageDocument {
  usageVersion: typeof USAGE_VERSION;
  /** `mock`: what the mock was sent; `client`: what the consumer's code sent and read, through the client. */
  recordedBy: 'mock' | 'client';
  /** The contract it was recorded against. */
  contract: { title: string; version: string };
  /** Operations by key (`POST /hb/transfers/ted`), only those called. */
  operations: Record<string, OperationUsage>;
}

/** How deep field paths go and how many distinct names are kept per operation and list. */
export const USAGE_MAX_DEPTH = 6;
export const USAGE_MAX_NAMES = 256;

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
  if (depth >= USAGE_MAX_DEPTH || out.size >= USAGE_MAX_NAMES || value === null || typeof value !== 'object')
    return out;
  if (Array.isArray(value)) {
    const path = `${prefix}[]`;
    if (declared && !declared.has(path)) return out;
    for (const item of value.slice(0, 16)) fieldPaths(item, declared, path, depth + 1, out);
    return out;
  }
  for (const key of Object.keys(value)) {
    if (out.size >= USAGE_MAX_NAMES) break;
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

/** Declared paths, plus the array paths (`items[]`) a walk may step into. */
export type DeclaredFields = ReadonlySet<string>;

const COMPOSITION = ['allOf', 'anyOf', 'oneOf'] as const;

/** Paths one operation's schemas may declare at most: a recursive contract's grow with every level. */
const MAX_PATHS = 4096;

/** Where the walk has been: each schema at each prefix once (a schema that is its own `allOf` ends). */
type Walked = Map<JsonSchema, Set<string>>;

/**
 * Adds the paths `schema` declares under `prefix`, down to `maxDepth` (schemas may be recursive; their
 * `$ref`s are followed through the model's schema table).
 */
function walk(
  schema: unknown,
  prefix: string,
  depth: number,
  maxDepth: number,
  out: Set<string>,
  walked: Walked,
): void {
  if (depth >= maxDepth || out.size >= MAX_PATHS || schema === null || typeof schema !== 'object') return;
  const s = resolveSchema(schema as JsonSchema);
  const prefixes = walked.get(s) ?? new Set<string>();
  if (prefixes.has(prefix)) return;
  walked.set(s, prefixes.add(prefix));
  for (const keyword of COMPOSITION)
    if (Array.isArray(s[keyword]))
      for (const part of s[keyword]) walk(part, prefix, depth, maxDepth, out, walked);
  const properties = s.properties;
  if (properties && typeof properties === 'object')
    for (const [name, child] of Object.entries(properties)) {
      const path = prefix ? `${prefix}.${name}` : name;
      out.add(path);
      walk(child, path, depth + 1, maxDepth, out, walked);
    }
  const items = [s.items, ...(Array.isArray(s.prefixItems) ? s.prefixItems : [])];
  for (const item of items)
    if (item && typeof item === 'object') {
      out.add(`${prefix}[]`);
      walk(item, `${prefix}[]`, depth + 1, maxDepth, out, walked);
    }
}

function declared(schemas: (JsonSchema | undefined)[], maxDepth: number): DeclaredFields {
  const out = new Set<string>();
  const walked: Walked = new Map();
  for (const schema of schemas) walk(schema, '', 0, maxDepth, out, walked);
  return out;
}

const isSuccess = (status: string) => /^2(\d\d|XX)$/i.test(status);

/** What the operation's request bodies declare. */
export const requestFieldsOf = (op: Operation, maxDepth: number): DeclaredFields =>
  declared(op.requestBody?.content.map((c) => c.schema) ?? [], maxDepth);

/** What the operation's success (2xx) responses declare. */
export const responseFieldsOf = (op: Operation, maxDepth: number): DeclaredFields =>
  declared(
    op.responses.filter((r) => isSuccess(r.status)).flatMap((r) => r.content.map((c) => c.schema)),
    maxDepth,
  );

/** The response headers the operation's success responses declare, lower-case. */
export const responseHeadersOf = (op: Operation): ReadonlySet<string> =>
  new Set(
    op.responses.filter((r) => isSuccess(r.status)).flatMap((r) => r.headers.map((h) => h.toLowerCase())),
  );
