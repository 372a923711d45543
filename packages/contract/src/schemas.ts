// How every room reads the model's schemas. A schema that several places use, or that refers to itself, is
// written once, in the model's `schemas` table, and each use holds `{ "$ref": "#/components/schemas/Name" }`
// (the bundle's own pointer), as openapi-typescript, Redocly and oasdiff keep them: inlining every use made
// the model grow exponentially on recursive contracts (Stripe's). The reader of a model links each `$ref`
// node to its table (linkSchemas, a hidden property under a global symbol, so that two copies of this module
// agree); resolveSchema follows it, subschemas lists what a schema holds, and the validators compile the
// references themselves.
import type { JsonSchema } from './model.js';

/** The model's schemas by the pointer their `$ref`s name (`#/components/schemas/Customer`). */
export type SchemaTable = Readonly<Record<string, JsonSchema>>;

const TABLE = Symbol.for('@banking-api/contract.schema-table');
/** A `$ref` chain longer than this is a loop (the loader refuses one; a hand-made model might not). */
const MAX_HOPS = 32;

// The keywords whose values are schemas (JSON Schema 2020-12, and 3.0's `items`), by shape.
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_VALUES = [
  'items',
  'additionalProperties',
  'additionalItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
];

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One subschema: the keyword it stands under, its key or index there (none for a single value), itself. */
export type Subschema = readonly [keyword: string, key: string | number | undefined, schema: JsonSchema];

/** The schemas `schema` holds directly (not through a `$ref`), in keyword order. */
export function subschemas(schema: JsonSchema): Subschema[] {
  const found: Subschema[] = [];
  for (const keyword of SCHEMA_MAPS) {
    const map = schema[keyword];
    if (isSchema(map))
      for (const [key, value] of Object.entries(map)) if (isSchema(value)) found.push([keyword, key, value]);
  }
  for (const keyword of [...SCHEMA_LISTS, 'items']) {
    const list = schema[keyword];
    if (Array.isArray(list))
      for (const [i, value] of (list as unknown[]).entries())
        if (isSchema(value)) found.push([keyword, i, value]);
  }
  for (const keyword of SCHEMA_VALUES) {
    const value = schema[keyword];
    if (isSchema(value)) found.push([keyword, undefined, value]);
  }
  return found;
}

/** `schema` with each subschema replaced by `map(subschema)`; other keywords kept as they are. */
export function mapSubschemas(schema: JsonSchema, map: (sub: JsonSchema) => JsonSchema): JsonSchema {
  const out: Record<string, unknown> = { ...schema };
  for (const [keyword, key, sub] of subschemas(schema)) {
    if (key === undefined) out[keyword] = map(sub);
    else {
      if (out[keyword] === schema[keyword])
        out[keyword] = Array.isArray(schema[keyword])
          ? [...(schema[keyword] as unknown[])]
          : { ...(schema[keyword] as object) };
      (out[keyword] as Record<string | number, unknown>)[key] = map(sub);
    }
  }
  return out;
}

const refOf = (schema: JsonSchema): string | undefined =>
  typeof schema.$ref === 'string' ? schema.$ref : undefined;

/**
 * Links every `$ref` node under `schema` (itself included) to `table`, each node once: call it on every
 * schema of a model before freezing it. Nodes linked already (a shared schema) are not walked again.
 */
export function linkSchemas(schema: JsonSchema | undefined, table: SchemaTable): void {
  const todo = schema ? [schema] : [];
  for (let node = todo.pop(); node; node = todo.pop()) {
    if (Object.hasOwn(node, TABLE) || Object.isFrozen(node)) continue;
    Object.defineProperty(node, TABLE, { value: table });
    for (const [, , sub] of subschemas(node)) todo.push(sub);
  }
}

/** The table a linked schema's `$ref`s name, if it was linked. */
export const tableOf = (schema: JsonSchema): SchemaTable | undefined =>
  (schema as { [TABLE]?: SchemaTable })[TABLE];

const merged = new WeakMap<JsonSchema, JsonSchema>();

/** A `$ref` node's target with the node's sibling keys over it (as Redocly reads them), made once per node. */
function withSiblings(node: JsonSchema, target: JsonSchema, table: SchemaTable): JsonSchema {
  if (Object.keys(node).length === 1) return target;
  let known = merged.get(node);
  if (!known) {
    const { $ref: _, ...siblings } = node;
    known = { ...target, ...siblings };
    Object.defineProperty(known, TABLE, { value: table });
    merged.set(node, known);
  }
  return known;
}

/**
 * The schema a `$ref` names (chains followed), its sibling keys (a `description`) over the target's; the
 * schema itself when it is no reference, or names nothing this model has (an unlinked copy).
 */
export function resolveSchema(schema: JsonSchema): JsonSchema;
export function resolveSchema(schema: JsonSchema | undefined): JsonSchema | undefined;
export function resolveSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  let node = schema;
  for (let hop = 0; node && hop < MAX_HOPS; hop++) {
    const ref = refOf(node);
    const table = tableOf(node);
    const target = ref === undefined ? undefined : table?.[ref];
    if (!target || !table) return node;
    node = withSiblings(node, target, table);
  }
  return node;
}

/**
 * Each schema reachable from `schema` (references followed, each schema visited once, so a recursive one
 * ends), resolved, in depth-first order: for queries that gather something from a whole schema.
 */
export function reachableSchemas(schema: JsonSchema | undefined): JsonSchema[] {
  const seen = new Set<JsonSchema>();
  const todo = schema ? [schema] : [];
  for (let node = todo.pop(); node; node = todo.pop()) {
    const resolved = resolveSchema(node);
    if (seen.has(resolved)) continue;
    seen.add(resolved);
    for (const [, , sub] of subschemas(resolved).reverse()) todo.push(sub);
  }
  return [...seen];
}

// Keywords that only describe: a schema made of these alone accepts any value.
const DESCRIPTIVE = new Set(['description', 'title', 'examples', 'example', '$comment', 'deprecated']);

/** A schema that states nothing about the value (the contract's "any JSON"), a `$ref` to one too. */
export function isFreeFormSchema(schema: JsonSchema | undefined): boolean {
  const resolved = resolveSchema(schema);
  return !resolved || Object.keys(resolved).every((k) => DESCRIPTIVE.has(k) || k.startsWith('x-'));
}

/** `#/components/schemas/A~1b` → ["components", "schemas", "A/b"] (JSON pointer in a URI fragment). */
export function pointerSegments(pointer: string): string[] {
  return pointer
    .replace(/^#?\/?/, '')
    .split('/')
    .filter((s) => s !== '')
    .map((segment) => {
      const unescaped = segment.replaceAll('~1', '/').replaceAll('~0', '~');
      try {
        return decodeURIComponent(unescaped);
      } catch {
        return unescaped;
      }
    });
}

const COMPOSITIONS = ['allOf', 'anyOf', 'oneOf'];

/**
 * The schema of property `name` of an object schema: its own `properties`', else the first that one of its
 * `allOf`/`anyOf`/`oneOf` members declares (references followed, each schema once); undefined if none does.
 */
export function propertySchema(schema: JsonSchema | undefined, name: string): JsonSchema | undefined {
  const seen = new Set<JsonSchema>();
  const find = (node: JsonSchema | undefined): JsonSchema | undefined => {
    const s = resolveSchema(node);
    if (!s || seen.has(s)) return undefined;
    seen.add(s);
    const properties = s.properties;
    if (isSchema(properties) && Object.hasOwn(properties, name)) return properties[name] as JsonSchema;
    for (const keyword of COMPOSITIONS)
      for (const member of Array.isArray(s[keyword]) ? (s[keyword] as JsonSchema[]) : []) {
        const found = find(member);
        if (found) return found;
      }
    return undefined;
  };
  return find(schema);
}

/** Every property's schema as propertySchema finds it, by name, in one walk (for a long `required` list). */
export function propertySchemas(schema: JsonSchema | undefined): Map<string, JsonSchema> {
  const found = new Map<string, JsonSchema>();
  const seen = new Set<JsonSchema>();
  const visit = (node: JsonSchema | undefined): void => {
    const s = resolveSchema(node);
    if (!s || seen.has(s)) return;
    seen.add(s);
    const properties = s.properties;
    if (isSchema(properties))
      for (const [name, value] of Object.entries(properties))
        if (!found.has(name) && isSchema(value)) found.set(name, value);
    for (const keyword of COMPOSITIONS)
      for (const member of Array.isArray(s[keyword]) ? (s[keyword] as JsonSchema[]) : []) visit(member);
  };
  visit(schema);
  return found;
}
