// The contract's `x-equals` markers under a response schema (packages/contract's FieldRule): read through
// object properties, references followed, but only into schemas from which a marker can be reached, and
// never into one already on the way down. Which schemas reach a marker is settled once per schema for the
// whole contract (markersReached): a contract without markers costs one look at each schema, and a
// recursive one (a marker in a tree of nodes) ends.
import type { FieldRule, JsonSchema } from '@banking-api/contract';
import { subschemas } from '../packages/contract/src/schemas.ts';

type Resolve = (schema: JsonSchema | undefined) => JsonSchema | undefined;
const RULE_SOURCES = ['path', 'query', 'header', 'status', 'request-path'];
/** Sources that name no parameter: the answer's status, the request's path. */
const UNNAMED_SOURCES = ['status', 'request-path'];
/** Markers deeper than this are not read (the walk follows routes, and routes can multiply). */
const MAX_DEPTH = 16;
const obj = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/**
 * Whether a schema reaches an `x-equals` marker (itself included), for every schema: each new schema's
 * unsettled reach is gathered, those with a marker or a settled successor that reaches one are marked, the
 * mark is carried back along the gathered edges, and all of them are settled. Linear in the schemas.
 */
function markersReached(resolve: Resolve): (schema: JsonSchema) => boolean {
  const settled = new Map<JsonSchema, boolean>();
  const successors = (node: JsonSchema) => subschemas(node).map(([, , sub]) => resolve(sub) as JsonSchema);
  return (schema) => {
    const start = resolve(schema) as JsonSchema;
    const known = settled.get(start);
    if (known !== undefined) return known;
    const edges = new Map<JsonSchema, JsonSchema[]>();
    for (let todo = [start], node = todo.pop(); node; node = todo.pop()) {
      if (edges.has(node) || settled.has(node)) continue;
      const next = successors(node);
      edges.set(node, next);
      todo.push(...next);
    }
    const back = new Map<JsonSchema, JsonSchema[]>();
    for (const [from, next] of edges) for (const to of next) back.set(to, [...(back.get(to) ?? []), from]);
    const reaching = [...edges].filter(
      ([node, next]) => node['x-equals'] !== undefined || next.some((to) => settled.get(to) === true),
    );
    const marked = new Set(reaching.map(([node]) => node));
    for (let todo = [...marked], node = todo.pop(); node; node = todo.pop())
      for (const from of back.get(node) ?? [])
        if (!marked.has(from)) {
          marked.add(from);
          todo.push(from);
        }
    for (const node of edges.keys()) settled.set(node, marked.has(node));
    return settled.get(start) === true;
  };
}

/** The reader of `x-equals` rules of response schemas, with what it learnt of each schema kept between calls. */
export function fieldRules(resolve: Resolve): (schema: JsonSchema, where: string) => FieldRule[] {
  const reachesMarker = markersReached(resolve);
  const rulesOf = (
    schema: JsonSchema,
    pointer: string,
    where: string,
    path: Set<JsonSchema>,
  ): FieldRule[] => {
    const node = resolve(schema) as JsonSchema;
    if (path.has(node) || path.size > MAX_DEPTH || !reachesMarker(node)) return [];
    const rules = node['x-equals'] === undefined ? [] : [ruleAt(node['x-equals'], pointer, where)];
    path.add(node);
    for (const [name, child] of Object.entries(obj(node.properties)))
      rules.push(
        ...rulesOf(
          child as JsonSchema,
          `${pointer}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`,
          where,
          path,
        ),
      );
    path.delete(node);
    return rules;
  };
  return (schema, where) => rulesOf(schema, '', where, new Set());
}

function ruleAt(marker: unknown, pointer: string, where: string): FieldRule {
  const { source, name } = obj(marker);
  if (
    !RULE_SOURCES.includes(String(source)) ||
    UNNAMED_SOURCES.includes(String(source)) === (typeof name === 'string')
  )
    throw new Error(
      `${where} ${pointer}: x-equals must be { source: path|query|header, name } or { source: status|request-path }`,
    );
  return {
    pointer,
    equals: { source: source as FieldRule['equals']['source'], ...(name ? { name: String(name) } : {}) },
  };
}
