// A JSON Schema (the model's, resolved) as a tree of fields: name, type, required, constraints, description,
// nested objects and arrays below their field (two levels open, deeper ones folded), alternatives (oneOf,
// anyOf) listed, allOf merged where its parts are objects. A schema met again inside itself is named, not
// followed (recursive schemas). The model keeps references (its schema table): each is read through
// resolveSchema, and an object schema reached by one is shown by its component's name.
import { type JsonSchema, resolveSchema } from '@banking-api/contract';
import { el, esc } from './html.ts';

type Schema = JsonSchema & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  $ref?: string;
  title?: string;
  description?: string;
  additionalProperties?: boolean | Schema;
};

export type Inline = (markdown: string) => string;

const MAX_DEPTH = 12;
const RECURSIVE = 'The same schema as above (recursive).';
const OPEN_LEVELS = 2;

const resolved = (schema: Schema): Schema => resolveSchema(schema) as Schema;

/** allOf of objects merged into one object (references followed); anything else left as it is. */
function merged(written: Schema): Schema {
  const schema = resolved(written);
  const parts = schema.allOf?.map(resolved);
  if (!parts?.every((part) => part.properties || part.allOf || part.type === 'object')) return schema;
  const { allOf, ...rest } = schema;
  const properties: Record<string, Schema> = { ...rest.properties };
  const required = [...(rest.required ?? [])];
  let all: Schema = rest;
  for (const part of (allOf ?? []).map(merged)) {
    all = { ...all, ...part };
    Object.assign(properties, part.properties);
    required.push(...(part.required ?? []));
  }
  return { ...all, type: 'object', properties, required };
}

/** `string`, `array of object`, `integer | null`, `Account` (an object schema by its component's name). */
export function typeLabel(schema: Schema): string {
  const s = merged(schema);
  if (s.oneOf || s.anyOf) return 'one of';
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ['object'] : [];
  const label = types
    .map((t) => (t === 'array' && s.items ? `array of ${typeLabel(s.items)}` : t))
    .join(' | ');
  if (schema.$ref && (label === 'object' || (s === schema && !label)))
    return schema.$ref.split('/').at(-1) ?? schema.$ref;
  return label || (s.enum ? 'enum' : 'any');
}

/** Constraints as short phrases: format, pattern, enum, bounds, default. */
function constraints(s: Schema): string[] {
  const out: string[] = [];
  const show = (value: unknown) => esc(typeof value === 'string' ? value : JSON.stringify(value));
  const code = (value: unknown) => `<code>${show(value)}</code>`;
  if (s.format) out.push(`format ${code(s.format)}`);
  if (s.pattern) out.push(`pattern ${code(s.pattern)}`);
  if (s.enum) out.push(`one of ${s.enum.map(code).join(', ')}`);
  if (s.const !== undefined) out.push(`always ${code(s.const)}`);
  for (const [key, phrase] of [
    ['minLength', 'min length'],
    ['maxLength', 'max length'],
    ['minimum', '≥'],
    ['maximum', '≤'],
    ['exclusiveMinimum', '>'],
    ['exclusiveMaximum', '<'],
    ['minItems', 'min items'],
    ['maxItems', 'max items'],
    ['multipleOf', 'multiple of'],
    ['default', 'default'],
  ] as const)
    if (s[key] !== undefined) out.push(`${phrase} ${code(s[key])}`);
  if (s.readOnly) out.push('read-only');
  if (s.writeOnly) out.push('write-only');
  if (s.deprecated) out.push('deprecated');
  return out;
}

/** The children of a schema (its properties, its items' properties, its alternatives), as list items. */
function children(s: Schema, inline: Inline, path: Set<Schema>, depth: number): string {
  const schema = merged(s);
  if (depth > MAX_DEPTH) return '';
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives)
    return el(
      'ol',
      { class: 'alternatives' },
      alternatives
        .map((alt, i) => {
          const name = resolved(alt).title ?? typeLabel(alt);
          return el(
            'li',
            {},
            `${el('span', { class: 'alt' }, esc(`${i + 1}. ${name}`))}${fields(alt, inline, path, depth + 1)}`,
          );
        })
        .join(''),
    );
  if (schema.items) return fields(schema.items, inline, path, depth + 1);
  return '';
}

function field(
  name: string,
  written: Schema,
  required: boolean,
  inline: Inline,
  path: Set<Schema>,
  depth: number,
) {
  const s = resolved(written);
  const recursive = path.has(s);
  const head = [
    el('code', { class: 'name' }, esc(name)),
    el('span', { class: 'type' }, esc(typeLabel(written))),
    required ? el('span', { class: 'required' }, 'required') : '',
  ].join(' ');
  const notes = [
    ...(s.description ? [inline(s.description)] : []),
    ...(constraints(s).length ? [el('p', { class: 'constraints' }, constraints(s).join(' · '))] : []),
    ...(recursive ? [el('p', { class: 'constraints' }, RECURSIVE)] : []),
  ].join('');
  const inner = recursive ? '' : `${fields(s, inline, path, depth + 1)}${children(s, inline, path, depth)}`;
  if (!inner) return el('li', {}, `<div class="field">${head}</div>${notes}`);
  return el(
    'li',
    {},
    el('details', { open: depth < OPEN_LEVELS }, `<summary class="field">${head}</summary>${notes}${inner}`),
  );
}

/** The properties of an object schema as a list (empty for other schemas). */
export function fields(written: Schema, inline: Inline, path = new Set<Schema>(), depth = 0): string {
  const s = resolved(written);
  if (path.has(s)) return el('p', { class: 'constraints' }, RECURSIVE);
  const schema = merged(s);
  if (!schema.properties || depth > MAX_DEPTH) return '';
  const within = new Set(path).add(s);
  const required = new Set(schema.required ?? []);
  const items = Object.entries(schema.properties).map(([name, child]) =>
    field(name, child, required.has(name), inline, within, depth),
  );
  const extra =
    schema.additionalProperties && typeof schema.additionalProperties === 'object'
      ? [field('<any name>', schema.additionalProperties, false, inline, within, depth)]
      : [];
  return el('ul', { class: 'fields' }, [...items, ...extra].join(''));
}

/** A whole schema: its type line, its description, then its fields or alternatives. */
export function schemaTree(s: JsonSchema, inline: Inline): string {
  const schema = resolved(s as Schema);
  const top = [
    el(
      'p',
      { class: 'schema-type' },
      `${el('span', { class: 'type' }, esc(typeLabel(s as Schema)))}${constraints(schema).length ? ` · ${constraints(schema).join(' · ')}` : ''}`,
    ),
    schema.description ? inline(schema.description) : '',
  ].join('');
  return `${top}${fields(schema, inline)}${children(schema, inline, new Set([schema]), 0)}`;
}

/** Every property name in a schema, nested ones too (what search finds an operation by). */
export function fieldNames(
  s: JsonSchema | undefined,
  into = new Set<string>(),
  path = new Set<unknown>(),
): Set<string> {
  const schema = s && typeof s === 'object' ? resolved(s as Schema) : undefined;
  if (!schema || path.has(schema) || path.size > MAX_DEPTH) return into;
  path.add(schema);
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    into.add(name);
    fieldNames(child, into, path);
  }
  for (const part of [
    schema.items,
    ...(schema.oneOf ?? []),
    ...(schema.anyOf ?? []),
    ...(schema.allOf ?? []),
  ])
    fieldNames(part, into, path);
  path.delete(schema);
  return into;
}
