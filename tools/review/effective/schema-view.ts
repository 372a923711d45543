// A schema as the review compares it: one canonical view of everything that applies to a value, whatever
// way the spec spells it. Parts that apply together are merged (schema-parts.ts: `allOf`, 3.1 `$ref`
// siblings); `nullable: true`, `type: [x, 'null']` and a `oneOf` null wrapper are one nullability; inclusive
// and exclusive bounds are one bound (an integer's `exclusiveMinimum: 0` is `minimum: 1`); defaults are
// explicit (`minLength: 0`, `readOnly: false`, `additionalProperties: true` are nothing). Children stay
// references (SchemaRef) that are viewed when compared, so a view costs its own node, never its subtree.
// Views are made once per side and node (by pointer): comparisons can be memoised by view.
import { child, isObject, type Json, type Located, type SideDocument } from './reader.ts';
import { ANNOTATIONS, nullableWrap, partsOf, type SchemaRef } from './schema-parts.ts';

export type Bound = { value: number; exclusive: boolean };
export const COUNTS = [
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
] as const;
export type Count = (typeof COUNTS)[number];

export interface SchemaView {
  /** The view's identity on its side: the pointers it was made from. */
  readonly key: string;
  /** Where the schema is written (its first part). */
  readonly at: string;
  /** Where a keyword's value comes from (a merged view's keywords come from several parts). */
  where(keyword: string): string;
  /** JSON types allowed, `null` aside; undefined: any type. `integer` is left out when `number` is in. */
  readonly types: ReadonlySet<string> | undefined;
  readonly nullable: boolean;
  readonly format: string | undefined;
  readonly enum: readonly unknown[] | undefined;
  readonly const: { value: unknown } | undefined;
  readonly lower: Bound | undefined;
  readonly upper: Bound | undefined;
  readonly counts: Readonly<Partial<Record<Count, number>>>;
  readonly multipleOf: number | undefined;
  readonly uniqueItems: boolean;
  readonly pattern: string | undefined;
  readonly properties: ReadonlyMap<string, SchemaRef[]>;
  readonly required: ReadonlySet<string>;
  /** `closed`: no other property may be sent; schemas: what other properties must be. */
  readonly additional: 'open' | 'closed' | SchemaRef[];
  readonly items: SchemaRef[] | undefined;
  readonly oneOf: SchemaRef[] | undefined;
  readonly anyOf: SchemaRef[] | undefined;
  /** Members that could not be merged into the view (a loop, or parts that contradict one another). */
  readonly allOf: SchemaRef[];
  readonly readOnly: boolean;
  readonly writeOnly: boolean;
  readonly deprecated: boolean;
  readonly default: { value: unknown } | undefined;
  readonly discriminator: Json | undefined;
  /** Annotations (description, title, examples, extensions), by keyword. */
  readonly docs: ReadonlyMap<string, unknown>;
  /** Keywords the view does not model (`not`, `if`, `patternProperties`...), compared as written. */
  readonly other: ReadonlyMap<string, unknown>;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Draft = Mutable<Omit<SchemaView, 'where' | 'counts' | 'properties' | 'required' | 'docs' | 'other'>> & {
  counts: Partial<Record<Count, number>>;
  properties: Map<string, SchemaRef[]>;
  required: Set<string>;
  docs: Map<string, unknown>;
  other: Map<string, unknown>;
  places: Map<string, string>;
};

const MODELLED = new Set([
  'type',
  'nullable',
  'format',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  ...COUNTS,
  'multipleOf',
  'uniqueItems',
  'pattern',
  'properties',
  'required',
  'additionalProperties',
  'unevaluatedProperties',
  'items',
  'oneOf',
  'anyOf',
  'readOnly',
  'writeOnly',
  'deprecated',
  'default',
  'discriminator',
]);

const json = (value: unknown) => JSON.stringify(value);

/** Whether a view lets values of a JSON type through (`number` covers `integer`; no `type`: every type). */
export const allowsType = (view: SchemaView, type: string): boolean =>
  !view.types || view.types.has(type) || (type === 'number' && view.types.has('integer'));

/** Thrown inside a merge when two parts say things a single schema cannot (two patterns): merge no more. */
class Contradiction extends Error {}

function emptyDraft(key: string, at: string): Draft {
  return {
    key,
    at,
    types: undefined,
    nullable: true,
    format: undefined,
    enum: undefined,
    const: undefined,
    lower: undefined,
    upper: undefined,
    counts: {},
    multipleOf: undefined,
    uniqueItems: false,
    pattern: undefined,
    properties: new Map(),
    required: new Set(),
    additional: 'open',
    items: undefined,
    oneOf: undefined,
    anyOf: undefined,
    allOf: [],
    readOnly: false,
    writeOnly: false,
    deprecated: false,
    default: undefined,
    discriminator: undefined,
    docs: new Map(),
    other: new Map(),
    places: new Map(),
  };
}

/** The part's types (null aside) and whether it lets null through; undefined types: no `type` keyword. */
function typesOf(node: Json): { types?: Set<string>; nullable: boolean } {
  const raw = node.type;
  if (raw === undefined) return { nullable: true };
  const names = (Array.isArray(raw) ? raw : [raw]).map(String);
  const types = new Set(names.filter((t) => t !== 'null'));
  if (types.has('number')) types.delete('integer');
  return { types, nullable: names.includes('null') || node.nullable === true };
}

function intersectTypes(a: ReadonlySet<string> | undefined, b: Set<string>): Set<string> {
  if (!a) return b;
  const out = new Set<string>();
  for (const t of a) if (b.has(t) || (t === 'integer' && b.has('number'))) out.add(t);
  for (const t of b) if (t === 'integer' && a.has('number')) out.add(t);
  return out;
}

/** A part's lower or upper bound, 3.0 (`exclusiveMinimum: true`) or 3.1 (`exclusiveMinimum: 5`). */
function boundOf(node: Json, side: 'lower' | 'upper'): Bound | undefined {
  const [inclusive, exclusive] =
    side === 'lower' ? ['minimum', 'exclusiveMinimum'] : ['maximum', 'exclusiveMaximum'];
  const value = typeof node[inclusive] === 'number' ? (node[inclusive] as number) : undefined;
  const flag = node[exclusive];
  const bounds: Bound[] = [];
  if (value !== undefined) bounds.push({ value, exclusive: flag === true });
  if (typeof flag === 'number') bounds.push({ value: flag, exclusive: true });
  return bounds.reduce<Bound | undefined>((a, b) => tighter(a, b, side), undefined);
}

/** The tighter of two bounds on the same side. */
export function tighter(
  a: Bound | undefined,
  b: Bound | undefined,
  side: 'lower' | 'upper',
): Bound | undefined {
  if (!a || !b) return a ?? b;
  if (a.value === b.value) return { value: a.value, exclusive: a.exclusive || b.exclusive };
  return side === 'lower' ? (a.value > b.value ? a : b) : a.value < b.value ? a : b;
}

/** An integer's bound as the inclusive integer bound it means (`exclusiveMinimum: 0` → `minimum: 1`). */
function integerBound(bound: Bound | undefined, side: 'lower' | 'upper'): Bound | undefined {
  if (!bound) return undefined;
  const { value, exclusive } = bound;
  if (side === 'lower')
    return { value: exclusive ? Math.floor(value) + 1 : Math.ceil(value), exclusive: false };
  return { value: exclusive ? Math.ceil(value) - 1 : Math.floor(value), exclusive: false };
}

function set<K extends keyof Draft>(
  draft: Draft,
  key: K,
  value: Draft[K],
  at: string,
  keyword: string,
): void {
  draft[key] = value;
  draft.places.set(keyword, child(at, keyword));
}

/** Merges one part's keywords into the draft (parts apply together: intersections and tighter bounds). */
function mergePart(draft: Draft, { node, at }: Located, first: boolean): void {
  const { types, nullable } = typesOf(node);
  if (types) set(draft, 'types', intersectTypes(draft.types, types), at, 'type');
  draft.nullable &&= nullable;
  if (node.nullable === true && types === undefined && first)
    draft.places.set('nullable', child(at, 'nullable'));
  scalars(draft, node, at);
  structure(draft, node, at);
  for (const [keyword, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(keyword) || keyword.startsWith('x-')) {
      if (!draft.docs.has(keyword)) {
        draft.docs.set(keyword, value);
        draft.places.set(keyword, child(at, keyword));
      }
    } else if (!MODELLED.has(keyword)) {
      if (draft.other.has(keyword) && json(draft.other.get(keyword)) !== json(value))
        throw new Contradiction();
      draft.other.set(keyword, value);
      draft.places.set(keyword, child(at, keyword));
    }
  }
}

/** Format, values, bounds, counts and flags of one part. */
function scalars(draft: Draft, node: Json, at: string): void {
  if (typeof node.format === 'string') {
    if (draft.format !== undefined && draft.format !== node.format) throw new Contradiction();
    set(draft, 'format', node.format, at, 'format');
  }
  if (Array.isArray(node.enum)) {
    const values = draft.enum
      ? node.enum.filter((v) => draft.enum?.some((w) => json(w) === json(v)))
      : node.enum;
    set(draft, 'enum', values, at, 'enum');
  }
  if ('const' in node) {
    if (draft.const && json(draft.const.value) !== json(node.const)) throw new Contradiction();
    set(draft, 'const', { value: node.const }, at, 'const');
  }
  for (const side of ['lower', 'upper'] as const) {
    const bound = boundOf(node, side);
    if (!bound) continue;
    const keyword =
      side === 'lower'
        ? bound.exclusive
          ? 'exclusiveMinimum'
          : 'minimum'
        : bound.exclusive
          ? 'exclusiveMaximum'
          : 'maximum';
    const merged = tighter(draft[side], bound, side);
    if (merged !== draft[side]) set(draft, side, merged, at, keyword);
  }
  for (const count of COUNTS) {
    const value = node[count];
    if (typeof value !== 'number') continue;
    const current = draft.counts[count];
    const keep = current !== undefined && (count.startsWith('min') ? current >= value : current <= value);
    if (!keep) {
      draft.counts[count] = value;
      draft.places.set(count, child(at, count));
    }
  }
  if (typeof node.multipleOf === 'number') {
    if (draft.multipleOf !== undefined && draft.multipleOf !== node.multipleOf) throw new Contradiction();
    set(draft, 'multipleOf', node.multipleOf, at, 'multipleOf');
  }
  if (typeof node.pattern === 'string') {
    if (draft.pattern !== undefined && draft.pattern !== node.pattern) throw new Contradiction();
    set(draft, 'pattern', node.pattern, at, 'pattern');
  }
  for (const flag of ['uniqueItems', 'readOnly', 'writeOnly', 'deprecated'] as const)
    if (node[flag] === true) set(draft, flag, true, at, flag);
  if ('default' in node && !draft.default) set(draft, 'default', { value: node.default }, at, 'default');
  if (isObject(node.discriminator)) {
    if (draft.discriminator) throw new Contradiction();
    set(draft, 'discriminator', node.discriminator, at, 'discriminator');
  }
}

/** Properties, required names, additional properties, items and alternatives of one part. */
function structure(draft: Draft, node: Json, at: string): void {
  const properties = isObject(node.properties) ? node.properties : {};
  const closed = node.additionalProperties === false || node.unevaluatedProperties === false;
  const extra = isObject(node.additionalProperties) || node.additionalProperties === true;
  // A part that closes itself to others' properties is not the same schema once merged with them.
  if (
    (closed || isObject(node.additionalProperties)) &&
    (draft.properties.size > 0 || draft.additional !== 'open')
  )
    throw new Contradiction();
  if (draft.additional !== 'open' && Object.keys(properties).length > 0) throw new Contradiction();
  for (const [name, schema] of Object.entries(properties)) {
    const ref = { node: schema, at: child(child(at, 'properties'), name) };
    draft.properties.set(name, [...(draft.properties.get(name) ?? []), ref]);
  }
  if (Object.keys(properties).length) draft.places.set('properties', child(at, 'properties'));
  if (Array.isArray(node.required)) {
    for (const name of node.required) draft.required.add(String(name));
    draft.places.set('required', child(at, 'required'));
  }
  if (closed)
    set(
      draft,
      'additional',
      'closed',
      at,
      node.additionalProperties === false ? 'additionalProperties' : 'unevaluatedProperties',
    );
  else if (extra && isObject(node.additionalProperties))
    set(
      draft,
      'additional',
      [{ node: node.additionalProperties, at: child(at, 'additionalProperties') }],
      at,
      'additionalProperties',
    );
  if (node.items !== undefined && node.items !== true) {
    const items = { node: node.items, at: child(at, 'items') };
    set(draft, 'items', [...(draft.items ?? []), items], at, 'items');
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    if (!Array.isArray(node[keyword])) continue;
    if (draft[keyword]) throw new Contradiction();
    const members = (node[keyword] as unknown[]).map((m, i) => ({
      node: m,
      at: child(child(at, keyword), i),
    }));
    set(draft, keyword, members, at, keyword);
  }
}

/** The draft's bounds as integers mean them, once the merged types are known. */
function finish(draft: Draft): SchemaView {
  if (draft.types?.size === 1 && draft.types.has('integer')) {
    draft.lower = integerBound(draft.lower, 'lower');
    draft.upper = integerBound(draft.upper, 'upper');
  }
  if (draft.types === undefined && !draft.places.has('nullable')) draft.nullable = false; // no type: null is not the point
  for (const count of COUNTS)
    if (count.startsWith('min') && draft.counts[count] === 0) delete draft.counts[count];
  const { places } = draft;
  return { ...draft, where: (keyword) => places.get(keyword) ?? child(draft.at, keyword) };
}

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
