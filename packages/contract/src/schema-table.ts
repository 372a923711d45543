// A model's schema table given to ajv once, as one document whose layout follows the pointers its `$ref`s
// name (`{ components: { schemas: { Customer: … } } }`), so that references inside the table resolve within
// it; a schema to compile has its own references pointed at that document. ajv then compiles each table
// schema once for every schema that reaches it, and a recursive one as a recursive function. A `transform`
// (one per ajv instance: the request and response views of readOnly/writeOnly, schema-direction.ts) is applied
// to every node of the schema and of the table document, so the whole graph a `$ref` reaches is seen alike.
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonSchema } from './model.js';
import { mapSubschemas, pointerSegments, type SchemaTable, tableOf } from './schemas.js';

/** A node's copy as one ajv instance sees it, given the original node (linked, for resolving) and the copy. */
export type NodeTransform = (original: JsonSchema, copy: JsonSchema) => JsonSchema;

const ids = new WeakMap<Ajv2020, WeakMap<SchemaTable, string>>();
let tables = 0;

/** `schema` with `transform` over each of its nodes (its `$ref`s' targets are not followed). */
function transformed(schema: JsonSchema, transform: NodeTransform, copied: Map<JsonSchema, JsonSchema>) {
  const copy = (node: JsonSchema): JsonSchema => {
    let done = copied.get(node);
    if (!done) {
      done = transform(node, mapSubschemas(node, copy));
      copied.set(node, done);
    }
    return done;
  };
  return copy(schema);
}

/** The table as one document under `id`: each entry at its pointer, unless inside an entry placed already. */
function tableDocument(table: SchemaTable, id: string, transform?: NodeTransform): Record<string, unknown> {
  const copied = new Map<JsonSchema, JsonSchema>();
  const doc: Record<string, unknown> = { $id: id };
  const placed = new Set<object>();
  const entries = Object.entries(table).sort(([a], [b]) => a.length - b.length);
  for (const [pointer, schema] of entries) {
    const segments = pointerSegments(pointer);
    const last = segments.pop();
    if (last === undefined) continue;
    let node = doc;
    for (const segment of segments) {
      if (placed.has(node)) break;
      if (typeof node[segment] !== 'object' || node[segment] === null) node[segment] = {};
      node = node[segment] as Record<string, unknown>;
    }
    if (placed.has(node) || last in node) continue;
    const entry = transform ? transformed(schema, transform, copied) : schema;
    node[last] = entry;
    placed.add(entry);
  }
  return doc;
}

/** The id the table is known to `ajv` by, given to it on first use. */
function tableId(ajv: Ajv2020, table: SchemaTable, transform?: NodeTransform): string {
  const known = ids.get(ajv) ?? new WeakMap<SchemaTable, string>();
  ids.set(ajv, known);
  let id = known.get(table);
  if (!id) {
    id = `urn:banking-api:schema-table:${++tables}`;
    ajv.addSchema(tableDocument(table, id, transform));
    known.set(table, id);
  }
  return id;
}

/** `#/a~1b/{c}` as a reference into the document `id`, each segment escaped for a URI fragment. */
const absolute = (id: string, pointer: string) =>
  `${id}#/${pointerSegments(pointer)
    .map((s) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1')))
    .join('/')}`;

/**
 * `schema` as ajv compiles it: unchanged without references into a table, else a copy whose references
 * name the table's document (given to `ajv` once per table). Only the schema's own nodes are copied, down to
 * its references: the table's schemas are ajv's to read. `transform` is the instance's own, the same for
 * every call with that `ajv`.
 */
export function referencesIntoTable(ajv: Ajv2020, schema: JsonSchema, transform?: NodeTransform): JsonSchema {
  const table = tableOf(schema);
  if (!table) return transform ? transformed(schema, transform, new Map()) : schema;
  const id = tableId(ajv, table, transform);
  const pointed: NodeTransform = (node, copy) => {
    const done = transform ? transform(node, copy) : copy;
    return typeof node.$ref === 'string' && node.$ref.startsWith('#')
      ? { ...done, $ref: absolute(id, node.$ref) }
      : done;
  };
  return transformed(schema, pointed, new Map());
}
