// The value keywords of one schema part, merged into a draft: types (null aside), format, enum, const,
// bounds in either spelling, counts and flags. Parts apply together: intersections, the tighter bound; two
// parts that cannot both hold (two formats) are a contradiction, and the schema is then not merged.
import { child, isObject, type Json } from './reader.ts';
import { Contradiction, type Draft, set } from './schema-draft.ts';
import { type Bound, COUNTS } from './schema-types.ts';

const json = (value: unknown) => JSON.stringify(value);

export /** The part's types (null aside) and whether it lets null through; undefined types: no `type` keyword. */
function typesOf(node: Json): { types?: Set<string>; nullable: boolean } {
  const raw = node.type;
  if (raw === undefined) return { nullable: true };
  const names = (Array.isArray(raw) ? raw : [raw]).map(String);
  const types = new Set(names.filter((t) => t !== 'null'));
  if (types.has('number')) types.delete('integer');
  return { types, nullable: names.includes('null') || node.nullable === true };
}

export function intersectTypes(a: ReadonlySet<string> | undefined, b: Set<string>): Set<string> {
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

/** Format, values, bounds, counts and flags of one part. */
export function scalars(draft: Draft, node: Json, at: string): void {
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
