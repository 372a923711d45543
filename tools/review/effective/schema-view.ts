// A schema as the review compares it: one canonical view of everything that applies to a value, whatever
// way the spec spells it. Parts that apply together are merged (schema-parts.ts: `allOf`, 3.1 `$ref`
// siblings); `nullable: true`, `type: [x, 'null']` and a `oneOf` null wrapper are one nullability; inclusive
// and exclusive bounds are one bound (an integer's `exclusiveMinimum: 0` is `minimum: 1`); defaults are
// explicit (`minLength: 0`, `readOnly: false`, `additionalProperties: true` are nothing). Children stay
// references (SchemaRef) that are viewed when compared, so a view costs its own node, never its subtree.
// Views are made once per side and node (by pointer): comparisons can be memoised by view.
import { child, isObject, type Located, type SideDocument } from './reader.ts';
import { Contradiction, type Draft, emptyDraft, finish } from './schema-draft.ts';
import { mergePart } from './schema-merge.ts';
import { nullableWrap, partsOf, type SchemaRef } from './schema-parts.ts';
import type { SchemaView } from './schema-types.ts';

export { allowsType, type Bound, COUNTS, type Count, type SchemaView } from './schema-types.ts';
export { tighter } from './schema-values.ts';

/** The unmerged view of one schema: its own keywords, its `allOf` members left to compare one by one. */
function unmerged(doc: SideDocument, key: string, schemas: readonly SchemaRef[]): SchemaView {
  const first = schemas[0] as SchemaRef;
  const resolved = schemas.length === 1 ? doc.resolve(first.node, first.at) : undefined;
  const draft = emptyDraft(key, resolved?.at ?? first.at);
  if (resolved) {
    const { allOf, ...own } = resolved.node;
    mergeSafely(draft, { node: own, at: resolved.at });
    draft.allOf = (Array.isArray(allOf) ? allOf : []).map((m, i) => ({
      node: m,
      at: child(child(resolved.at, 'allOf'), i),
    }));
  } else draft.allOf = [...schemas];
  return finish(draft);
}

function mergeSafely(draft: Draft, part: Located): void {
  try {
    mergePart(draft, part, true);
  } catch {
    // One part cannot contradict itself (each keyword once): nothing to do.
  }
}

/** The view of the schemas that all apply (one schema, or a property declared by several parts). */
function build(doc: SideDocument, key: string, schemas: readonly SchemaRef[]): SchemaView {
  if (schemas.length === 1) {
    const wrapped = nullableWrap(doc, schemas[0] as SchemaRef);
    if (wrapped) return { ...viewOf(doc, [wrapped]), key, nullable: true };
  }
  const { parts, loops } = partsOf(doc, schemas);
  const draft = emptyDraft(key, parts[0]?.at ?? (schemas[0] as SchemaRef).at);
  try {
    for (const [i, part] of parts.entries()) mergePart(draft, part, i === 0);
  } catch (error) {
    if (error instanceof Contradiction) return unmerged(doc, key, schemas);
    throw error;
  }
  draft.allOf = loops;
  return finish(draft);
}

const views = new WeakMap<SideDocument, Map<string, SchemaView>>();

/** How many views a side made (its work, for the growth tests and benches). */
export const viewsMade = (doc: SideDocument): number => views.get(doc)?.size ?? 0;

/** The view of one schema, or of several that all apply; made once per side and set of pointers. */
export function viewOf(doc: SideDocument, schemas: readonly SchemaRef[]): SchemaView {
  let cache = views.get(doc);
  if (!cache) {
    cache = new Map();
    views.set(doc, cache);
  }
  const key = schemas.map((s) => refKey(s)).join('&');
  let view = cache.get(key);
  if (!view) {
    view = build(doc, key, schemas);
    cache.set(key, view);
  }
  return view;
}

/** A bare `$ref` is its target (every use of a component shares one view); anything else is its own node. */
function refKey({ node, at }: SchemaRef): string {
  if (isObject(node) && typeof node.$ref === 'string' && Object.keys(node).length === 1) return node.$ref;
  return at;
}
