// The bundle's local `$ref`s (Redocly's bundle leaves only `#/components/...` ones), followed where the model
// reads: one pointer look-up each, instead of a second, dereferenced bundle.

import type { JsonSchema } from '@banking-api/contract';
import { escapePointerFragment } from '@redocly/openapi-core';
import { pointerSegments } from './pointer.ts';

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
   * A schema with every `$ref` inlined; a recursive one refers to its own ancestor (`#/properties/…`). The
   * inlined form of a non-recursive component is one object shared by every schema that uses it: read only.
   */
  schema(value: unknown): JsonSchema;
}

export function refReader(doc: Json): RefReader {
  const follow = (value: unknown, seen = 0): unknown => {
    if (!isRef(value) || seen > 32) return value; // a chain that long is a loop Redocly would have refused
    const { $ref, ...siblings } = value;
    const target = follow(nodeAt(doc, $ref), seen + 1);
    // Redocly assigns the target onto the ref node: the siblings' keys come first and keep their values.
    return isObject(target) ? { ...siblings, ...target, ...siblings } : target;
  };
  // A component's inlined form, made once and shared by its uses, when it is the same wherever it is used:
  // inlining it wrote no `$ref` back to an ancestor, so nothing it reaches is recursive and no other use
  // could write one either. (Inlining per use was half the model's reading of a review at 2,002 operations.)
  const inlined = new Map<string, unknown>();
  let backRefs = 0;
  const inline = (value: unknown, open: Map<string, string>, at: string): unknown => {
    if (value === null || typeof value !== 'object') return value;
    if (isRef(value)) {
      const ancestor = open.get(value.$ref);
      if (ancestor !== undefined) {
        backRefs++;
        return { $ref: `#${ancestor}` };
      }
      const bare = Object.keys(value).length === 1; // no sibling keys that change the target
      if (bare && inlined.has(value.$ref)) return inlined.get(value.$ref);
      const before = backRefs;
      open.set(value.$ref, at);
      const result = inline(follow(value), open, at);
      open.delete(value.$ref);
      if (bare && backRefs === before) inlined.set(value.$ref, result);
      return result;
    }
    const child = (key: string | number, item: unknown) =>
      inline(item, open, `${at}/${escapePointerFragment(String(key))}`);
    return Array.isArray(value)
      ? value.map((item, i) => child(i, item))
      : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, child(key, item)]));
  };
  return {
    at: (value) => {
      const node = follow(value);
      return isObject(node) ? node : {};
    },
    schema: (value) => inline(value, new Map(), '') as JsonSchema,
  };
}
