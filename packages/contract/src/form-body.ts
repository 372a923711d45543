// `application/x-www-form-urlencoded` bodies as the contract's schema and `encoding` shape them, written
// (verify's requests) and read back (the mock's validation) by one pair of functions, so both sides agree on
// what a form means. Nested fields follow `deepObject` (`address[city]=Rio`, `items[0][name]=x`: Stripe's
// form), arrays under `form` repeat their name when exploded (`tag=a&tag=b`) or join with `,`, ` ` or `|`.
// Every value on the wire is text: reading turns it back into the type the schema asks for where it can
// (`12` for an integer, `true` for a boolean), leaving the text where it cannot (then the schema refuses it).
import type { FormStyle, JsonSchema, MediaType, Parameter } from './model.js';
import { resolveSchema } from './schemas.js';

/** The style of field `name` (OpenAPI's default, `form` exploded, where the contract's `encoding` is silent). */
export const formStyleOf = (media: MediaType, name: string): FormStyle =>
  media.styles?.[name] ?? { style: 'form', explode: true };

/** How a query parameter travels: its `style` and `explode`, OpenAPI's defaults (`form`, exploded) where unstated. */
export function queryStyleOf(parameter: Parameter): FormStyle {
  const style = FORM_STYLES.has(parameter.style ?? '') ? (parameter.style as FormStyle['style']) : 'form';
  return { style, explode: parameter.explode ?? style === 'form' };
}

const FORM_STYLES = new Set(['form', 'spaceDelimited', 'pipeDelimited', 'deepObject']);

const DELIMITERS = { form: ',', spaceDelimited: ' ', pipeDelimited: '|' } as const;

/** `value` (an object of fields) as a urlencoded body; an empty list or object has no text, so is not written. */
export function encodeForm(media: MediaType, value: unknown): string {
  return Object.entries(asRecord(value))
    .flatMap(([name, field]) => styledPairs(name, field, formStyleOf(media, name)))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}

/**
 * One field (of a form, or a query parameter: the same styles) as name–text pairs, before URL encoding:
 * deepObject as `name[key]` and `name[0]` leaves, an exploded list as the name repeated, a list otherwise
 * joined with its style's delimiter, a nested object (no other form) as deepObject, a scalar as its text.
 */
export function styledPairs(name: string, value: unknown, { style, explode }: FormStyle): [string, string][] {
  const pairs: [string, string][] = [];
  if (style === 'deepObject' || isRecord(value)) nested(pairs, name, value);
  else if (Array.isArray(value) && explode) for (const item of value) pairs.push([name, scalar(item)]);
  else if (Array.isArray(value)) pairs.push([name, value.map(scalar).join(DELIMITERS[style])]);
  else pairs.push([name, scalar(value)]);
  return pairs;
}

/** Each leaf of `value` under `key`, with `[index]` or `[property]` appended on the way down. */
function nested(pairs: [string, string][], key: string, value: unknown): void {
  if (Array.isArray(value)) for (const [i, item] of value.entries()) nested(pairs, `${key}[${i}]`, item);
  else if (isRecord(value)) for (const [k, v] of Object.entries(value)) nested(pairs, `${key}[${k}]`, v);
  else pairs.push([key, scalar(value)]);
}

const scalar = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** Limits on what a form may make: bracket depth and fields (a request body is outside input). */
export const FORM_LIMITS = { depth: 32, pairs: 10_000 } as const;

/** A form body that cannot be read (too deep, too many fields): a client's error. */
export class FormBodyError extends Error {
  override readonly name = 'FormBodyError';
}

/** A node of the read form: text (one or repeated) at a leaf, or children by bracket segment. */
type Node = { texts: string[]; children: Map<string, Node> };

/** `text` read as the object of fields `media`'s schema describes (types restored where the schema says). */
export function decodeForm(media: MediaType, text: string): Record<string, unknown> {
  const root = readPairs(text);
  const schema = resolveSchema(media.schema);
  const out: Record<string, unknown> = {};
  for (const [name, node] of root.children) {
    const { style, explode } = formStyleOf(media, name);
    const field = propertySchema(schema, name);
    const joined = style !== 'deepObject' && !explode && node.children.size === 0 && acceptsArray(field);
    own(out, name, nodeValue(joined ? splitNode(node, DELIMITERS[style]) : node, field, 0));
  }
  return out;
}

function readPairs(text: string): Node {
  const root: Node = { texts: [], children: new Map() };
  if (text === '') return root;
  // Split no further than one past the limit: a hostile body of millions of `&` makes no million strings.
  const pairs = text.split('&', FORM_LIMITS.pairs + 1);
  if (pairs.length > FORM_LIMITS.pairs) throw new FormBodyError(`more than ${FORM_LIMITS.pairs} fields`);
  for (const pair of pairs) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const key = decoded(at < 0 ? pair : pair.slice(0, at));
    const value = at < 0 ? '' : decoded(pair.slice(at + 1));
    let node = root;
    for (const segment of segmentsOf(key)) node = childOf(node, segment);
    node.texts.push(value);
  }
  return root;
}

/** `+` as a space, then percent-decoding; a malformed escape is kept as written. */
function decoded(part: string): string {
  const spaced = part.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** `a[b][0]` → `a`, `b`, `0`; `a[]` → `a`, `` (one more item); a key without brackets is one segment. */
function segmentsOf(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0 || !key.endsWith(']')) return [key];
  const segments = [key.slice(0, open), ...key.slice(open + 1, -1).split('][', FORM_LIMITS.depth + 1)];
  if (segments.length > FORM_LIMITS.depth)
    throw new FormBodyError(`a field nested past ${FORM_LIMITS.depth}`);
  return segments;
}

function childOf(node: Node, segment: string): Node {
  // `[]` appends: each use a new item, numbered after the ones already there.
  const key = segment === '' ? String(node.children.size) : segment;
  let child = node.children.get(key);
  if (!child) {
    child = { texts: [], children: new Map() };
    node.children.set(key, child);
  }
  return child;
}

function splitNode(node: Node, delimiter: string): Node {
  const texts = node.texts.flatMap((t) => (t === '' ? [] : t.split(delimiter)));
  return { texts, children: new Map() };
}

/** The value a node stands for under `schema`: a list, an object or a scalar, as its shape and the schema say. */
function nodeValue(node: Node, schema: JsonSchema | undefined, depth: number): unknown {
  if (depth > FORM_LIMITS.depth) throw new FormBodyError(`a field nested past ${FORM_LIMITS.depth}`);
  const branches = branchesOf(schema);
  const list = branches.find((b) => typesOf(b).includes('array'));
  const object = branches.find((b) => typesOf(b).includes('object'));
  const items = list?.items as JsonSchema | undefined;
  if (node.children.size > 0) {
    const indexed = [...node.children.keys()].every((k) => /^\d{1,9}$/.test(k));
    if (indexed && (list || !object))
      return [...node.children.entries()]
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, child]) => nodeValue(child, items, depth + 1));
    const record: Record<string, unknown> = {};
    for (const [key, child] of node.children)
      own(record, key, nodeValue(child, propertySchema(object, key), depth + 1));
    return record;
  }
  const onlyList = list && !branches.some((b) => typesOf(b).includes('string'));
  if (node.texts.length > 1 || onlyList) return node.texts.map((t) => typed(t, items));
  return typed(node.texts[0] ?? '', schema);
}

/**
 * Text as the first alternative of the schema takes it: a string where a string branch allows that text
 * (its `enum`, if any, holds it), a number, a boolean, `null` for an empty text; the text itself where no
 * branch says (then the schema judges it). Stripe's `off_session` is `true` or `"one_off"`.
 */
function typed(text: string, schema: JsonSchema | undefined): unknown {
  const branches = branchesOf(schema);
  if (branches.every((b) => typesOf(b).length === 0)) return text;
  for (const branch of branches)
    for (const type of typesOf(branch)) {
      const value = asType(text, type);
      if (value !== undefined && allowedBy(branch, value)) return value;
    }
  return text;
}

function asType(text: string, type: string): unknown {
  if (type === 'string') return text;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text))
    return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  if (type === 'null' && text === '') return null;
  return undefined;
}

/** Whether a branch's `enum` or `const` (when it has one) holds the value. */
function allowedBy(branch: JsonSchema, value: unknown): boolean {
  if (Array.isArray(branch.enum)) return branch.enum.includes(value);
  if ('const' in branch) return branch.const === value;
  return true;
}

/** A schema and the alternatives it offers (`anyOf`, `oneOf`, `allOf` members), each resolved. */
function branchesOf(schema: JsonSchema | undefined): JsonSchema[] {
  const s = resolveSchema(schema);
  if (!s) return [];
  const members = ['anyOf', 'oneOf', 'allOf'].flatMap((k) =>
    Array.isArray(s[k]) ? (s[k] as JsonSchema[]) : [],
  );
  return [s, ...members.map((m) => resolveSchema(m))];
}

/** The types a schema states: `type` (one or a list), or what `enum`/`const` values are. */
function typesOf(schema: JsonSchema): string[] {
  const { type } = schema;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.map(String);
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : [];
  return values.map((v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v));
}

function acceptsArray(schema: JsonSchema | undefined): boolean {
  return branchesOf(schema).some((b) => typesOf(b).includes('array'));
}

/** The schema of property `name` of an object schema (its `additionalProperties` where not declared). */
function propertySchema(schema: JsonSchema | undefined, name: string): JsonSchema | undefined {
  for (const branch of branchesOf(schema)) {
    const properties = branch.properties as Record<string, JsonSchema> | undefined;
    if (properties && Object.hasOwn(properties, name)) return properties[name];
  }
  for (const branch of branchesOf(schema))
    if (typeof branch.additionalProperties === 'object') return branch.additionalProperties as JsonSchema;
  return undefined;
}

/** `record[key] = value` as an own property, whatever the key (`__proto__` included). */
const own = (record: Record<string, unknown>, key: string, value: unknown): void => {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const asRecord = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
