// OpenAPI's `readOnly` and `writeOnly` (3.0 and 3.1 alike): a property marked `readOnly: true` is sent in
// responses only, so a `required` naming it binds responses only and a request lacking it is valid; one marked
// `writeOnly: true` is sent in requests only, and a response may lack it. JSON Schema validators treat both as
// annotations, so the validators compile one view of the schemas per direction: each `required` list without
// the names the other direction owns, each property's schema found as propertySchema finds it (through `$ref`s
// and compositions, one walk per schema node).
import type { JsonSchema } from './model.js';
import type { NodeTransform } from './schema-table.js';
import { propertySchemas, resolveSchema, type SchemaTable, subschemas, tableOf } from './schemas.js';

/** Which message a value travels in: a request's body, or a response's. */
export type Direction = 'request' | 'response';

/** The keyword that marks a property as absent from messages of the direction. */
const absentIn = { request: 'readOnly', response: 'writeOnly' } as const;

/** The names `schema`'s own `required` binds in `direction`: those whose property is not marked absent in it. */
export function requiredIn(schema: JsonSchema, direction: Direction): unknown[] {
  const required: unknown[] = Array.isArray(schema.required) ? schema.required : [];
  if (required.length === 0) return required;
  const keyword = absentIn[direction];
  const properties = propertySchemas(schema);
  const marked = (name: unknown) =>
    typeof name === 'string' && resolveSchema(properties.get(name))?.[keyword] === true;
  return required.filter((name) => !marked(name));
}

/** The transform of each schema node for `direction`: its `required` without the properties marked absent. */
export function directionTransform(direction: Direction): NodeTransform {
  return (original, copy) => {
    if (!Array.isArray(original.required)) return copy;
    const kept = requiredIn(original, direction);
    return kept.length === original.required.length ? copy : { ...copy, required: kept };
  };
}

/** Calls `visit` on `schema` and each node it holds, `$ref`s not followed. */
function walkOwn(schema: JsonSchema, visit: (node: JsonSchema) => void): void {
  const seen = new Set<JsonSchema>();
  const todo = [schema];
  for (let node = todo.pop(); node; node = todo.pop()) {
    if (seen.has(node)) continue;
    seen.add(node);
    visit(node);
    for (const [, , sub] of subschemas(node)) todo.push(sub);
  }
}

const reaching = new WeakMap<SchemaTable, Map<string, Set<string>>>();

/** The pointers of `table` whose schema reaches a node marked `keyword`, found once per table and keyword. */
function reachingMarks(table: SchemaTable, keyword: string): Set<string> {
  const known = reaching.get(table) ?? new Map<string, Set<string>>();
  reaching.set(table, known);
  const cached = known.get(keyword);
  if (cached) return cached;
  const found = new Set<string>();
  const referrers = new Map<string, string[]>();
  for (const [pointer, schema] of Object.entries(table))
    walkOwn(schema, (node) => {
      if (node[keyword] === true) found.add(pointer);
      if (typeof node.$ref !== 'string') return;
      const list = referrers.get(node.$ref) ?? [];
      list.push(pointer);
      referrers.set(node.$ref, list);
    });
  const todo = [...found];
  for (let pointer = todo.pop(); pointer !== undefined; pointer = todo.pop())
    for (const from of referrers.get(pointer) ?? []) {
      if (found.has(from)) continue;
      found.add(from);
      todo.push(from);
    }
  known.set(keyword, found);
  return found;
}

/**
 * Whether any schema `schema` reaches marks a property absent in `direction` (else its view is the same): its
 * own nodes walked, each table entry it names looked up in what the table reaches (one walk per table).
 */
export function marksAbsent(schema: JsonSchema, direction: Direction): boolean {
  const keyword = absentIn[direction];
  const table = tableOf(schema);
  const marked = table ? reachingMarks(table, keyword) : undefined;
  let found = false;
  walkOwn(schema, (node) => {
    if (node[keyword] === true || (typeof node.$ref === 'string' && marked?.has(node.$ref))) found = true;
  });
  return found;
}
