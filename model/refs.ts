// The bundle's local `$ref`s (Redocly's bundle leaves only `#/...` ones), followed where the model reads: one
// pointer look-up each, instead of a second, dereferenced bundle. Schemas are the exception: their `$ref`s
// stay references (model/schema-form.ts), each target read once into the model's schema table.
import type { JsonSchema } from '@banking-api/contract';
import { pointerSegments } from './pointer.ts';
import { schemaForm } from './schema-form.ts';

export type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isRef = (value: unknown): value is Json & { $ref: string } =>
  isObject(value) && typeof value.$ref === 'string';

/** The node a local JSON pointer (`#/a/b~1c`) names in `doc`. */
export function nodeAt(doc: unknown, pointer: string): unknown {
  return pointerSegments(pointer).reduce<unknown>((node, segment) => (node as Json)?.[segment], doc);
}

/** Reads a bundle's nodes with their `$ref`s followed, as Redocly's dereferencing would give them. */
export interface RefReader {
  /** The node, a `$ref` followed (its sibling keys win over the target's, as in Redocly); `{}` if not an object. */
  at(value: unknown): Json;
  /**
   * A schema in the model's form (model/schema-form.ts): `$ref`s kept, 3.0 keywords as 3.1 spells them. Read
   * once per node of the bundle: a schema many operations share is one object in the model.
   */
  schema(value: unknown): JsonSchema;
  /** A schema in the model's form with its `$ref` followed (chains too), the reference's siblings over it. */
  resolved(schema: JsonSchema | undefined): JsonSchema | undefined;
  /** Every schema the read schemas' `$ref`s name, transitively, by pointer: call it after the last `schema`. */
  table(): Record<string, JsonSchema>;
}

export function refReader(doc: Json): RefReader {
  const follow = (value: unknown, seen = 0): unknown => {
    if (!isRef(value) || seen > 32) return value; // a chain that long is a loop Redocly would have refused
    const { $ref, ...siblings } = value;
    const target = follow(nodeAt(doc, $ref), seen + 1);
    // Redocly assigns the target onto the ref node: the siblings' keys come first and keep their values.
    return isObject(target) ? { ...siblings, ...target, ...siblings } : target;
  };
  const dialect = String(doc.openapi ?? '').startsWith('3.0') ? '3.0' : '3.1';
  const named = new Set<string>();
  const form = schemaForm(dialect, (pointer) => named.add(pointer));
  // A `$ref` node's target, its siblings over it: one object per node, so that walks can tell they met it.
  const merged = new WeakMap<JsonSchema, JsonSchema>();
  const followed = (node: JsonSchema): JsonSchema => {
    const { $ref, ...siblings } = node;
    const target = form(nodeAt(doc, $ref as string));
    if (!Object.keys(siblings).length) return target;
    const known = merged.get(node) ?? { ...target, ...siblings };
    merged.set(node, known);
    return known;
  };
  return {
    at: (value) => {
      const node = follow(value);
      return isObject(node) ? node : {};
    },
    schema: (value) => form(value),
    resolved: (schema) => {
      let node = schema;
      for (let hop = 0; hop < 32 && typeof node?.$ref === 'string'; hop++) node = followed(node);
      return node;
    },
    table: () => {
      const table: Record<string, JsonSchema> = {};
      // `named` grows while its targets are read: each pointer once, so the loop ends.
      for (const pointer of named) {
        const target = nodeAt(doc, pointer);
        if (target === undefined) throw new Error(`a schema's $ref names nothing: ${pointer}`);
        table[pointer] = form(target);
      }
      return table;
    },
  };
}
