// A valid value for a schema, made from the schema alone, repeatably for a seed: for what the contract shows
// no example of (a parameter without one, a body without a named example, a oneOf branch). Each keyword is
// met on purpose (enum, const, pattern, format, bounds, required properties, allOf merged, a oneOf branch
// with its discriminator); the caller checks the whole value against the schema where it must be sure.
import type { JsonSchema } from '@banking-api/contract';
import { conforms } from '@banking-api/contract/validators';
import fc from 'fast-check';
import { flattened, listOf, patternOf, propertiesOf, resolved, typeOf } from './read.js';

const MAX_DEPTH = 8;
/** Optional properties are filled only this near the top: a wide, deep schema (Stripe's) stays small. */
const OPTIONAL_DEPTH = 2;
/** Alternatives tried for a oneOf/anyOf before giving up on it. */
const MAX_BRANCHES = 8;

/** A value `schema` accepts, or undefined when none was found (a loop past the depth, a contradiction). */
export function validValue(schema: JsonSchema | undefined, seed = 1, depth = 0): unknown {
  const s = resolved(schema);
  if (!s || depth > MAX_DEPTH) return undefined;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  const branch = firstBranch(s, seed, depth);
  if (branch !== undefined) return branch;
  const flat = flattened(s);
  switch (typeOf(flat)) {
    case 'string':
      return stringFor(flat, seed);
    case 'integer':
      return numberFor(flat, true);
    case 'number':
      return numberFor(flat, false);
    case 'boolean':
      return true;
    case 'array': {
      const item = validValue(flat.items as JsonSchema | undefined, seed, depth + 1);
      const count = Math.max(1, Number(flat.minItems ?? 1));
      return item === undefined ? [] : Array.from({ length: count }, () => item);
    }
    case 'object':
      return objectFor(flat, seed, depth);
    case 'null':
      return null;
    default:
      return {};
  }
}

/** The first oneOf/anyOf branch whose value the whole schema accepts, its discriminator filled in. */
function firstBranch(schema: JsonSchema, seed: number, depth: number): unknown {
  const branches = [...listOf(schema, 'oneOf'), ...listOf(schema, 'anyOf')];
  if (branches.length === 0) return undefined;
  const { oneOf: _o, anyOf: _a, ...rest } = schema;
  const discriminator = schema.discriminator as { propertyName?: string; mapping?: Record<string, string> };
  for (const [i, branch] of branches.slice(0, MAX_BRANCHES).entries()) {
    const value = validValue({ ...rest, allOf: [...listOf(rest, 'allOf'), branch] }, seed, depth + 1);
    const tagged = discriminator?.propertyName ? withTag(value, discriminator, branch, i) : value;
    if (tagged !== undefined && conforms(schema, tagged, 'request')) return tagged;
  }
  return undefined;
}

/** The discriminator's property set to the branch's name: its mapping key, else its const or first enum. */
function withTag(
  value: unknown,
  discriminator: { propertyName?: string; mapping?: Record<string, string> },
  branch: JsonSchema,
  index: number,
): unknown {
  if (!value || typeof value !== 'object' || !discriminator.propertyName) return value;
  const keys = Object.keys(discriminator.mapping ?? {});
  const own = resolved(branch)?.properties as Record<string, JsonSchema> | undefined;
  const property = own?.[discriminator.propertyName];
  const tag = keys[index] ?? property?.const ?? (property?.enum as unknown[] | undefined)?.[0];
  return tag === undefined ? value : { ...value, [discriminator.propertyName]: tag };
}

function objectFor(schema: JsonSchema, seed: number, depth: number): Record<string, unknown> {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const out: Record<string, unknown> = {};
  for (const [name, child] of propertiesOf(schema)) {
    if (!required.has(name) && depth >= OPTIONAL_DEPTH) continue;
    const value = validValue(child, seed, depth + 1);
    if (value !== undefined) out[name] = value;
    else if (required.has(name)) out[name] = null;
  }
  return out;
}

// Formats a value is made for by hand: the usual ones, each a fixed valid sample.
const FORMATS: Readonly<Record<string, string>> = {
  uuid: '7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34',
  date: '2024-05-17',
  'date-time': '2024-05-17T12:30:00.000Z',
  time: '12:30:00Z',
  email: 'conformance@example.com',
  uri: 'https://example.com/conformance',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
};

function stringFor(schema: JsonSchema, seed: number): string {
  const min = Number(schema.minLength ?? 0);
  const max = Number(schema.maxLength ?? Math.max(min, 16));
  const format = FORMATS[String(schema.format)];
  const pattern = patternOf(schema);
  if (pattern) {
    if (format && pattern.test(format)) return format;
    const fits = (v: string) => v.length >= min && v.length <= max;
    const samples = matching(pattern, seed);
    // Visible ASCII first, not empty: a value that may travel as a header or a path segment (`[\w\W\s]*`
    // allows any; an empty header reads as absent).
    const sampled = samples.find((v) => fits(v) && VISIBLE.test(v)) ?? samples.find(fits) ?? samples[0];
    return sampled ?? PLAIN.find((v) => pattern.test(v) && fits(v)) ?? format ?? '';
  }
  if (format) return format;
  return 'conformance'.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, 11)));
}

const VISIBLE = /^[\x21-\x7e]+$/;
/** Tried on a pattern fast-check cannot read (a lookahead: `^(?!\s)(.*)(\S)$`, Open Finance's idempotency key). */
const PLAIN = ['conformance', '7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34', 'conformance-1', 'A1', 'a', '1'];

function numberFor(schema: JsonSchema, integer: boolean): number {
  const step = integer ? 1 : 0.01;
  const low =
    typeof schema.exclusiveMinimum === 'number'
      ? schema.exclusiveMinimum + step
      : typeof schema.minimum === 'number'
        ? schema.minimum
        : undefined;
  const high =
    typeof schema.exclusiveMaximum === 'number'
      ? schema.exclusiveMaximum - step
      : typeof schema.maximum === 'number'
        ? schema.maximum
        : undefined;
  let value = low ?? (high !== undefined ? Math.min(high, 1) : 1);
  if (typeof schema.multipleOf === 'number') value = Math.ceil(value / schema.multipleOf) * schema.multipleOf;
  return integer ? Math.ceil(value) : value;
}

// A pattern whose matches are huge (`a{100000}`) is not sampled: a spec must not make verify fill its memory.
const MAX_PATTERN = 1000;
const MAX_REPEAT = 256;
const generable = (pattern: RegExp): boolean =>
  pattern.source.length <= MAX_PATTERN &&
  [...pattern.source.matchAll(/\{(\d+)(?:,(\d*))?\}/g)].every(
    ([, low, high]) => Number(low) <= MAX_REPEAT && Number(high || 0) <= MAX_REPEAT,
  );

/**
 * Strings the pattern matches whole, repeatably for a seed; none where fast-check cannot read it (a
 * lookahead) or the matches would be huge. Anchored first: a JSON Schema pattern is unanchored
 * (`[a-zA-Z0-9]{26,35}`, the Pix API's txid), and fast-check then pads a match with any characters
 * (`V~"P*…`): valid by the letter of the schema, but no identifier a reader (or a server) takes for one.
 */
function matching(pattern: RegExp, seed: number): string[] {
  if (!generable(pattern)) return [];
  try {
    const whole = new RegExp(`^(?:${pattern.source})$`, pattern.flags);
    return fc.sample(fc.stringMatching(whole), { seed, numRuns: 50 });
  } catch {
    return [];
  }
}
