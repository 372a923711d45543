// Two schemas compared: the registered schema rules judge each pair of views, and the comparison goes on
// into properties, items, additional properties and alternatives. A pair of views is compared once per
// review, however many operations reach it (a shared component changed in place is one comparison, its
// facts then named under every user), and a pair met again while it is being compared (a recursive schema)
// is that same comparison: the result is a graph, walked per operation by placement.ts. So the cost is the
// size of the two documents, never operations × schema size.

import { matchMembers } from '../effective/members.ts';
import type { SchemaRef } from '../effective/schema-parts.ts';
import { allowsType, type SchemaView } from '../effective/schema-view.ts';
import { schemaRules } from '../rules/index.ts';
import { type Sides, view } from './context.ts';
import type { Fact } from './facts.ts';

/** A step from a schema into a part of it: a property's name, `[]` (items), `*` (other properties), or none. */
export type Segment = string | undefined;

export interface SchemaDiff {
  readonly facts: Fact[];
  readonly children: { segment: Segment; diff: SchemaDiff }[];
}

const EMPTY: SchemaDiff = { facts: [], children: [] };
const memo = new WeakMap<Sides, Map<string, SchemaDiff>>();

/** How many pairs of schemas a review compared (its work, for the growth tests and benches). */
export const comparisonsMade = (sides: Sides): number => memo.get(sides)?.size ?? 0;

/** Facts that change no type a client is generated with. */
const DOCUMENTATION = new Set(['documentation-changed', 'deprecated-changed', 'default-changed']);

/** Whether a comparison found nothing but documentation: the same schema for the generated types. */
export function sameForTypes(root: SchemaDiff): boolean {
  const seen = new Set<SchemaDiff>([root]);
  const todo = [root];
  for (let diff = todo.pop(); diff; diff = todo.pop()) {
    if (diff.facts.some((f) => !DOCUMENTATION.has(f.rule))) return false;
    for (const { diff: next } of diff.children) {
      if (seen.has(next)) continue;
      seen.add(next);
      todo.push(next);
    }
  }
  return true;
}

/** The comparison of two schemas (each one or several that all apply). */
export function compareSchemas(
  sides: Sides,
  before: readonly SchemaRef[],
  after: readonly SchemaRef[],
  depth = 0,
): SchemaDiff {
  return compareViews(sides, view(sides, 'base', before), view(sides, 'head', after), depth);
}

/**
 * How deep a comparison goes into nested (or chained) schemas. Beyond it a spec from a pull request could
 * exhaust the stack; what lies deeper is reported as not compared, breaking both ways, for a human to judge.
 */
const MAX_DEPTH = 256;

function tooDeep(b: SchemaView): SchemaDiff {
  const fact: Fact = {
    rule: 'schema-too-deep',
    message: `Nested more than ${MAX_DEPTH} levels deep: not compared further, so rated breaking both ways.`,
    at: { side: 'head', pointer: b.at },
    byRole: { send: 'major', read: 'major' },
  };
  return { facts: [fact], children: [] };
}

export function compareViews(sides: Sides, a: SchemaView, b: SchemaView, depth = 0): SchemaDiff {
  if (depth > MAX_DEPTH) return tooDeep(b);
  let cache = memo.get(sides);
  if (!cache) {
    cache = new Map();
    memo.set(sides, cache);
  }
  const key = `${a.key}\u0000${b.key}`;
  const known = cache.get(key);
  if (known) return known; // done, or in progress further up (a loop): the same result either way
  const diff: SchemaDiff = { facts: [], children: [] };
  cache.set(key, diff);
  let replaced = false;
  for (const rule of schemaRules) {
    if (replaced && rule.valueRule) continue; // a type replaced: its old values' rules say nothing new
    if (rule.appliesTo && !(allowsType(a, rule.appliesTo) && allowsType(b, rule.appliesTo))) continue;
    const facts = rule.compare(a, b, sides);
    if (rule.replacesValues && facts.length) replaced = true;
    diff.facts.push(...facts);
  }
  descend(sides, a, b, diff, depth + 1);
  return diff;
}

function push(diff: SchemaDiff, segment: Segment, child: SchemaDiff): void {
  if (child !== EMPTY && (child.facts.length || child.children.length))
    diff.children.push({ segment, diff: child });
}

/** Into what both sides still have: common properties, items, additional properties, alternatives, members. */
function descend(sides: Sides, a: SchemaView, b: SchemaView, diff: SchemaDiff, depth: number): void {
  const objects = allowsType(a, 'object') && allowsType(b, 'object');
  for (const [name, before] of objects ? a.properties : []) {
    const after = b.properties.get(name);
    if (after) push(diff, name, compareSchemas(sides, before, after, depth));
  }
  if (a.items && b.items && allowsType(a, 'array') && allowsType(b, 'array'))
    push(diff, '[]', compareSchemas(sides, a.items, b.items, depth));
  if (objects && Array.isArray(a.additional) && Array.isArray(b.additional))
    push(diff, '*', compareSchemas(sides, a.additional, b.additional, depth));
  for (const keyword of ['oneOf', 'anyOf'] as const)
    for (const [before, after] of matchMembers(a[keyword] ?? [], b[keyword] ?? []))
      push(diff, undefined, compareSchemas(sides, [before], [after], depth));
  for (const [before, after] of matchMembers(a.allOf, b.allOf))
    push(diff, undefined, compareSchemas(sides, [before], [after], depth));
}
