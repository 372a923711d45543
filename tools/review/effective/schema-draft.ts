// A schema view while its parts are merged into it (schema-merge.ts), and how it is finished: an integer's
// bounds as the inclusive integer bounds they mean, `min…: 0` as no minimum, a keyword's place remembered.
import { child } from './reader.ts';
import type { SchemaRef } from './schema-parts.ts';
import { type Bound, COUNTS, type Count, type SchemaView } from './schema-types.ts';

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type Draft = Mutable<
  Omit<SchemaView, 'where' | 'counts' | 'properties' | 'required' | 'docs' | 'other'>
> & {
  counts: Partial<Record<Count, number>>;
  properties: Map<string, SchemaRef[]>;
  required: Set<string>;
  docs: Map<string, unknown>;
  other: Map<string, unknown>;
  places: Map<string, string>;
};

/** Thrown inside a merge when two parts say things a single schema cannot (two patterns): merge no more. */
export class Contradiction extends Error {}

export function emptyDraft(key: string, at: string): Draft {
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

export /** An integer's bound as the inclusive integer bound it means (`exclusiveMinimum: 0` → `minimum: 1`). */
function integerBound(bound: Bound | undefined, side: 'lower' | 'upper'): Bound | undefined {
  if (!bound) return undefined;
  const { value, exclusive } = bound;
  if (side === 'lower')
    return { value: exclusive ? Math.floor(value) + 1 : Math.ceil(value), exclusive: false };
  return { value: exclusive ? Math.ceil(value) - 1 : Math.floor(value), exclusive: false };
}

export function set<K extends keyof Draft>(
  draft: Draft,
  key: K,
  value: Draft[K],
  at: string,
  keyword: string,
): void {
  draft[key] = value;
  draft.places.set(keyword, child(at, keyword));
}

export /** The draft's bounds as integers mean them, once the merged types are known. */
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
