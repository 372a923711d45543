// The field paths an operation's schemas declare (`payer.name`, `items[].id`, arrays as `[]`), read from the
// contract model: the only names the usage document may hold, so no key a client or server invents (a CPF,
// an e-mail, `__proto__`, 100 KB of text) can reach it.
import { type JsonSchema, type Operation, resolveSchema } from '@banking-api/contract';

/** Declared paths, plus the array paths (`items[]`) a walk may step into. */
export type DeclaredFields = ReadonlySet<string>;

const COMPOSITION = ['allOf', 'anyOf', 'oneOf'] as const;

/** Paths one operation's schemas may declare at most: a recursive contract's grow with every level. */
const MAX_PATHS = 4096;

/** Where the walk has been: each schema at each prefix once (a schema that is its own `allOf` ends). */
type Walked = Map<JsonSchema, Set<string>>;

/** Adds the paths `schema` declares under `prefix`, down to `maxDepth` (schemas may be recursive). */
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
