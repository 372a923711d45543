// A model's schema table given to ajv once, as one document whose layout follows the pointers its `$ref`s
// name (`{ components: { schemas: { Customer: … } } }`), so that references inside the table resolve within
// it; a schema to compile has its own references pointed at that document. ajv then compiles each table
// schema once for every schema that reaches it, and a recursive one as a recursive function.
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonSchema } from './model.js';
import { mapSubschemas, pointerSegments, type SchemaTable, tableOf } from './schemas.js';

const ids = new WeakMap<Ajv2020, WeakMap<SchemaTable, string>>();
let tables = 0;

/** The table as one document under `id`: each entry at its pointer, unless inside an entry placed already. */
function tableDocument(table: SchemaTable, id: string): Record<string, unknown> {
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
    node[last] = schema;
    placed.add(schema);
  }
  return doc;
}

/** The id the table is known to `ajv` by, given to it on first use. */
function tableId(ajv: Ajv2020, table: SchemaTable): string {
  const known = ids.get(ajv) ?? new WeakMap<SchemaTable, string>();
  ids.set(ajv, known);
  let id = known.get(table);
  if (!id) {
    id = `urn:banking-api:schema-table:${++tables}`;
    ajv.addSchema(tableDocument(table, id));
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
 * its references: the table's schemas are ajv's to read.
 */
export function referencesIntoTable(ajv: Ajv2020, schema: JsonSchema): JsonSchema {
  const table = tableOf(schema);
  if (!table) return schema;
  const id = tableId(ajv, table);
  const copied = new Map<JsonSchema, JsonSchema>();
  const copy = (node: JsonSchema): JsonSchema => {
    let done = copied.get(node);
    if (!done) {
      done = mapSubschemas(node, copy);
      if (typeof node.$ref === 'string' && node.$ref.startsWith('#'))
        done = { ...done, $ref: absolute(id, node.$ref) };
      copied.set(node, done);
    }
    return done;
  };
  return copy(schema);
}
