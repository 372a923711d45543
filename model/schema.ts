// Redocly's dereferenced bundle inlines every `$ref`, so a recursive schema (a tree node holding its own
// children) becomes a cycle, which JSON cannot hold: the inlined copy is a shallow copy of the schema it
// refers to (same keys, the very same child objects). The model keeps each schema self-contained and
// acyclic: such a copy, or the object itself met again, becomes a `$ref` to the ancestor by pointer from
// the schema's root.
import { escapePointerFragment } from '@redocly/openapi-core';
import type { JsonSchema } from '../packages/contract/src/model.ts';

type Node = Record<string, unknown> | unknown[];
type Ancestor = { node: Node; pointer: string };
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object';

/** `copy` has exactly `of`'s keys, each holding the very same value: an inlined copy of `of`. */
function isShallowCopy(copy: Node, of: Node): boolean {
  if (Array.isArray(copy) || Array.isArray(of)) return false;
  const keys = Object.keys(copy);
  return keys.length === Object.keys(of).length && keys.every((k) => k in of && copy[k] === of[k]);
}

function copy(value: unknown, ancestors: Ancestor[], pointer: string): unknown {
  if (!isNode(value)) return value;
  const ancestor = ancestors.find((a) => a.node === value || isShallowCopy(value, a.node));
  if (ancestor) return { $ref: `#${ancestor.pointer}` };
  ancestors.push({ node: value, pointer });
  const child = (key: string | number, item: unknown) =>
    copy(item, ancestors, `${pointer}/${escapePointerFragment(String(key))}`);
  const result = Array.isArray(value)
    ? value.map((item, i) => child(i, item))
    : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, child(key, item)]));
  ancestors.pop();
  return result;
}

/** A deep copy of a dereferenced schema in which every cycle is a `$ref` to the schema's own ancestor. */
export const selfContained = (schema: unknown): JsonSchema => copy(schema, [], '') as JsonSchema;
