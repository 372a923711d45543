// Members of two lists of alternatives (`oneOf`, `anyOf`) or `allOf` members that are the same member on
// both sides: a `$ref` by the component it names, an inline member by its place among the inline ones. So
// a member added before others does not make every later one look replaced.
import type { SchemaRef } from './schema-parts.ts';

/**
 * Members of two lists of alternatives (or `allOf` members) that are the same member on both sides: a
 * `$ref` by the component it names, an inline member by its place among the inline ones.
 */
export function matchMembers(before: SchemaRef[], after: SchemaRef[]): [SchemaRef, SchemaRef][] {
  const keyed = (members: SchemaRef[]) => {
    let inline = 0;
    return members.map((m) => {
      const node = m.node as { $ref?: unknown } | null;
      const ref = node && typeof node === 'object' && typeof node.$ref === 'string' ? node.$ref : undefined;
      return [ref ?? `inline ${inline++}`, m] as const;
    });
  };
  const byKey = new Map(keyed(after));
  return keyed(before).flatMap(([key, m]) => {
    const match = byKey.get(key);
    return match ? [[m, match] as [SchemaRef, SchemaRef]] : [];
  });
}
