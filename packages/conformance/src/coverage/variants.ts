// The variants of one value that a schema's own keywords call for, each named by the keyword it tries:
// every enum value and a near miss of it (another case), each bound and one past it, a length at and one
// past each limit, a pattern met and missed, a format met and missed, another JSON type, null. Positive
// variants are values the keyword allows, negative ones values it forbids; the caller checks each against
// the whole schema (a variant another keyword refuses is dropped, not mislabelled).
import type { JsonSchema } from '@banking-api/contract';
import { wrongTypeFor } from '../mutations/wrong-type.js';
import { validValue } from '../schemas/generate.js';
import { patternOf, typeOf } from '../schemas/read.js';

export interface Variant {
  readonly keyword: string;
  readonly positive: boolean;
  /** What the variant is, e.g. `enum value "PIX"`, `one past maximum 100`. */
  readonly label: string;
  readonly value: unknown;
}

/** Most enum values tried one by one on a field (a long list is sampled at its start and end). */
const MAX_ENUM_VALUES = 12;

/** The keywords of `schema` that constrain a single value (not its properties or items). */
export const VALUE_KEYWORDS = [
  'type',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
] as const;

/** Variants of a value for `schema`; `wire` when the value travels as text (a parameter: no JSON type). */
export function variantsOf(schema: JsonSchema, current: unknown, wire = false): Variant[] {
  const out: Variant[] = [];
  const add = (keyword: string, positive: boolean, label: string, value: unknown) =>
    out.push({ keyword, positive, label, value });
  const type = typeOf(schema);
  if (type && !(wire && type === 'string'))
    add('type', false, `a ${typeNameOf(wrongTypeFor(schema))}`, wrongTypeFor(schema));
  if (Array.isArray(schema.type) && schema.type.includes('null')) add('type', true, 'null', null);
  enumVariants(schema, add);
  if ('const' in schema) {
    add('const', true, `const ${JSON.stringify(schema.const)}`, schema.const);
    add('const', false, `near miss of const ${JSON.stringify(schema.const)}`, nearMiss(schema.const));
  }
  numberVariants(schema, type === 'integer', add);
  lengthVariants(schema, current, add);
  const pattern = patternOf(schema);
  if (pattern) {
    add(
      'pattern',
      true,
      `a match of ${schema.pattern}`,
      validValue({ type: 'string', pattern: schema.pattern, ...lengths(schema) }),
    );
    const miss = ['!', ' ', '0', 'a', 'XYZ-1', '%00'].find((m) => !pattern.test(m));
    if (miss !== undefined)
      add('pattern', false, `${JSON.stringify(miss)}, no match of ${schema.pattern}`, miss);
  }
  if (typeof schema.format === 'string' && !['binary', 'byte', 'password'].includes(schema.format)) {
    add('format', true, `a valid ${schema.format}`, validValue({ type: 'string', format: schema.format }));
    add('format', false, `not a ${schema.format}`, `not-a-${schema.format}`);
  }
  if (typeof schema.minItems === 'number' && Array.isArray(current) && schema.minItems > 0)
    add(
      'minItems',
      false,
      `${schema.minItems - 1} items (minItems ${schema.minItems})`,
      current.slice(0, schema.minItems - 1),
    );
  if (typeof schema.maxItems === 'number' && Array.isArray(current) && current.length > 0)
    add(
      'maxItems',
      false,
      `${schema.maxItems + 1} items (maxItems ${schema.maxItems})`,
      Array.from({ length: schema.maxItems + 1 }, () => current[0]),
    );
  return out;
}

type Add = (keyword: string, positive: boolean, label: string, value: unknown) => void;

function enumVariants(schema: JsonSchema, add: Add): void {
  if (!Array.isArray(schema.enum) || schema.enum.length === 0) return;
  const values = schema.enum as unknown[];
  const tried =
    values.length > MAX_ENUM_VALUES
      ? [...values.slice(0, MAX_ENUM_VALUES / 2), ...values.slice(-MAX_ENUM_VALUES / 2)]
      : values;
  for (const value of tried) add('enum', true, `enum value ${JSON.stringify(value)}`, value);
  const misses = values.map(nearMiss).filter((m) => !values.includes(m));
  const [miss] = misses;
  if (miss !== undefined) add('enum', false, `${JSON.stringify(miss)}, a near miss of the enum`, miss);
  add('enum', false, 'a value outside the enum', 'NOT_ONE_OF_THE_ENUM');
}

/** A value one slip away: a string in another case (or with a trailing space), a number plus one. */
function nearMiss(value: unknown): unknown {
  if (typeof value === 'string') {
    const swapped = value === value.toUpperCase() ? value.toLowerCase() : value.toUpperCase();
    return swapped === value ? `${value} ` : swapped;
  }
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  return 'near-miss';
}

function numberVariants(schema: JsonSchema, integer: boolean, add: Add): void {
  const step = integer ? 1 : 0.01;
  const bound = (keyword: string, at: unknown, dir: 1 | -1, exclusive: boolean) => {
    if (typeof at !== 'number') return;
    const inside = exclusive ? at - dir * step : at;
    const outside = exclusive ? at : at + dir * step;
    add(keyword, true, `${inside}, at ${keyword} ${at}`, inside);
    add(keyword, false, `${outside}, one past ${keyword} ${at}`, round(outside));
  };
  bound('minimum', schema.minimum, -1, false);
  bound('maximum', schema.maximum, 1, false);
  bound('exclusiveMinimum', schema.exclusiveMinimum, -1, true);
  bound('exclusiveMaximum', schema.exclusiveMaximum, 1, true);
  if (typeof schema.multipleOf === 'number') {
    add(
      'multipleOf',
      true,
      `${schema.multipleOf * 3}, a multiple of ${schema.multipleOf}`,
      schema.multipleOf * 3,
    );
    add(
      'multipleOf',
      false,
      `not a multiple of ${schema.multipleOf}`,
      round(schema.multipleOf * 3 + schema.multipleOf / 2),
    );
  }
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

function lengthVariants(schema: JsonSchema, current: unknown, add: Add): void {
  const base = typeof current === 'string' && current ? current : 'a';
  const sized = (n: number) => base.repeat(Math.ceil(n / base.length)).slice(0, n);
  if (typeof schema.minLength === 'number') {
    add('minLength', true, `${schema.minLength} characters (minLength)`, sized(schema.minLength));
    if (schema.minLength > 0)
      add(
        'minLength',
        false,
        `${schema.minLength - 1} characters (minLength ${schema.minLength})`,
        sized(schema.minLength - 1),
      );
  }
  if (typeof schema.maxLength === 'number') {
    add('maxLength', true, `${schema.maxLength} characters (maxLength)`, sized(schema.maxLength));
    add(
      'maxLength',
      false,
      `${schema.maxLength + 1} characters (maxLength ${schema.maxLength})`,
      sized(schema.maxLength + 1),
    );
  }
}

const lengths = (schema: JsonSchema) => ({
  ...(typeof schema.minLength === 'number' && { minLength: schema.minLength }),
  ...(typeof schema.maxLength === 'number' && { maxLength: schema.maxLength }),
});

const typeNameOf = (value: unknown) =>
  Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
