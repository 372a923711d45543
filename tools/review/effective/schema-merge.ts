// One schema part merged into a draft: its value keywords (schema-values.ts), its structure (properties,
// required, additional properties, items, alternatives), its annotations and the keywords no view models.
import { child, isObject, type Json, type Located } from './reader.ts';
import { Contradiction, type Draft, set } from './schema-draft.ts';
import { ANNOTATIONS } from './schema-parts.ts';
import { COUNTS } from './schema-types.ts';
import { intersectTypes, scalars, typesOf } from './schema-values.ts';

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

/** Merges one part's keywords into the draft (parts apply together: intersections and tighter bounds). */
export function mergePart(draft: Draft, { node, at }: Located, first: boolean): void {
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
