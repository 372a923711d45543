// Invalid request bodies made from the request schema: one valid example with one thing broken that the
// schema constrains (a type, a required field, an enum, a pattern, a format, a property count). Values
// come from fast-check, seeded; each candidate is kept only if the schema really rejects it.
import { type JsonSchema, resolveSchema } from '@banking-api/contract';
import { conforms } from '@banking-api/contract/validators';
import fc from 'fast-check';

export interface BodyMutation {
  /** What was broken: "wrong type", "missing required field"... */
  readonly kind: string;
  /** What was broken where, e.g. "wrong type at /amount". */
  readonly label: string;
  /** The whole body with the one thing broken; `undefined` value at a path means "left out". */
  readonly value: unknown;
}

/** One place the schema constrains, and how to break it there. */
interface Site {
  readonly kind: string;
  readonly path: readonly string[];
  /** Bad values for the place; `remove` deletes the field instead. */
  readonly bad: fc.Arbitrary<unknown> | 'remove';
}

/** The one kind of break a form (multipart) body can carry: its parts are all text. */
export const missingField = 'missing required field';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Up to `max` invalid variants of `example`, repeatable for a seed; `kinds` limits what is broken. */
export function invalidBodies(
  schema: JsonSchema,
  example: unknown,
  { seed, max, kinds }: { seed: number; max: number; kinds?: readonly string[] },
): BodyMutation[] {
  const sites = sitesOf(schema, example, []).filter((s) => kinds?.includes(s.kind) ?? true);
  const out: BodyMutation[] = [];
  for (let i = 0; i < max && sites.length; i++) {
    const site = sites[(seed + i) % sites.length] as Site;
    const value = breakAt(schema, example, site, seed + i);
    const label = `${site.kind} at /${site.path.join('/')}`;
    if (value !== undefined && !out.some((m) => m.label === label && same(m.value, value)))
      out.push({ kind: site.kind, label, value });
  }
  return out;
}

/** Breaks the example at the site; undefined when no sampled value made the body invalid. */
function breakAt(schema: JsonSchema, example: unknown, site: Site, seed: number): unknown {
  const candidates = site.bad === 'remove' ? [removed] : fc.sample(site.bad, { seed, numRuns: 10 });
  for (const candidate of candidates) {
    const body = withValueAt(example, site.path, candidate);
    if (!conforms(schema, body, 'request')) return body;
  }
  return undefined;
}

const removed = Symbol('removed');
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function withValueAt(root: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Obj;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Obj;
  const last = path[path.length - 1] as string;
  if (value === removed) delete node[last];
  else node[last] = value;
  return copy;
}

/** The places `schema` constrains in `value`, walking objects the example fills in. */
function sitesOf(written: JsonSchema, value: unknown, path: string[]): Site[] {
  const schema = resolveSchema(written); // a `$ref` followed: the walk is bounded by the example, not the schema
  const sites: Site[] = [...ownSites(schema, path)];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  if (!isObject(value)) return sites;
  for (const name of (schema.required ?? []) as string[])
    if (name in value) sites.push({ kind: missingField, path: [...path, name], bad: 'remove' });
  if (typeof schema.maxProperties === 'number')
    sites.push({ kind: 'too many properties', path, bad: extraProperties(value, schema.maxProperties) });
  for (const [name, child] of Object.entries(properties))
    if (name in value) sites.push(...sitesOf(child, value[name], [...path, name]));
  return sites;
}

/** Sites of the value itself: its type, enum, pattern and format. */
function ownSites(schema: JsonSchema, path: string[]): Site[] {
  const sites: Site[] = [];
  if (schema.type !== undefined) sites.push({ kind: 'wrong type', path, bad: anyJson });
  if (Array.isArray(schema.enum)) sites.push({ kind: 'value outside the enum', path, bad: anyJson });
  if (typeof schema.pattern === 'string') sites.push({ kind: 'pattern not matched', path, bad: shortText });
  if (typeof schema.format === 'string' && !unconstrainingFormats.has(schema.format))
    sites.push({ kind: `invalid ${schema.format}`, path, bad: shortText });
  return sites;
}

// Formats that say what a string holds, not what it may be: nothing to break.
const unconstrainingFormats = new Set(['binary', 'password', 'byte']);

const shortText = fc.string({ minLength: 1, maxLength: 12 });
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  shortText,
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
);

function extraProperties(value: Obj, max: number): fc.Arbitrary<unknown> {
  return fc
    .uniqueArray(fc.stringMatching(/^[a-z]{3,8}$/), { minLength: max + 1, maxLength: max + 2 })
    .map((names) => ({ ...value, ...Object.fromEntries(names.map((n) => [`x_${n}`, 1])) }));
}
