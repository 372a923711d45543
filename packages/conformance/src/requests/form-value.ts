// A body value an urlencoded form can carry as it is. A form writes leaves only (`shipping[name]=Ana`), so
// an empty object or list has no text at all: where the schema wants one (Stripe's `shipping.address`, an
// object of optional fields, required), what the server reads lacks it. Such a place is given one optional
// field, or one item, made from the schema; and a form body is judged as the server reads it back.
import { decodeForm, encodeForm, type JsonSchema, type MediaType } from '@banking-api/contract';
import { conforms } from '@banking-api/contract/validators';
import { validValue } from '../schemas/generate.js';
import { flattened, listOf, propertiesOf, resolved } from '../schemas/read.js';

const MAX_DEPTH = 8;

export const isUrlencoded = (media: MediaType): boolean =>
  media.mediaType === 'application/x-www-form-urlencoded';

/** What a server reads from `value` sent as `media`'s form (the value itself for a form written as text). */
export const formAsRead = (media: MediaType, value: unknown): unknown =>
  decodeForm(media, typeof value === 'string' ? value : encodeForm(media, value));

/** `value` with every empty object or list the schema has fields or items for given one. */
export function expressible(schema: JsonSchema | undefined, value: unknown, depth = 0): unknown {
  const s = branchOf(schema, value);
  if (!s || depth > MAX_DEPTH || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => expressible(s.items as JsonSchema | undefined, item, depth + 1));
    if (items.length > 0 || !s.items) return items;
    const one = validValue(s.items as JsonSchema, 1, depth + 1);
    return one === undefined ? items : [expressible(s.items as JsonSchema, one, depth + 1)];
  }
  const properties = propertiesOf(s);
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value))
    out[name] = expressible(properties.find(([n]) => n === name)?.[1], field, depth + 1);
  if (Object.keys(out).length > 0) return out;
  for (const [name, child] of properties) {
    const made = validValue(child, 1, depth + 1);
    if (made !== undefined) return { [name]: expressible(child, made, depth + 1) };
  }
  return out;
}

/** The schema `value` is read by: allOf merged, the first oneOf/anyOf branch it matches. */
function branchOf(schema: JsonSchema | undefined, value: unknown): JsonSchema | undefined {
  const s = resolved(schema);
  if (!s) return undefined;
  const flat = flattened(s);
  const branches = [...listOf(flat, 'oneOf'), ...listOf(flat, 'anyOf')];
  if (branches.length === 0) return flat;
  const branch = branches.find((b) => conforms(b, value, 'request')) ?? branches[0];
  return flattened(resolved(branch) ?? {});
}
