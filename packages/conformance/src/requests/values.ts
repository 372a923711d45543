// The parameter values of a valid request: the contract's example for each (exampleRequest), a fresh
// idempotency identifier per request when asked (a request that creates a resource must not replay an
// earlier one), and a repeatable generated value where the contract shows no example (or one that breaks
// its own schema): one its schema accepts (its pattern, format, enum, bounds), else an identifier-like text.
import { randomUUID } from 'node:crypto';
import {
  asText,
  exampleRequest,
  type JsonSchema,
  type Operation,
  queryStyleOf,
  styledPairs,
} from '@banking-api/contract';
import fc from 'fast-check';
import { validValue } from '../schemas/generate.js';
import { parameterProblems } from './parameter-problems.js';

export interface ValueOptions {
  /** Seed of the values generated for parameters without an example (default 1). */
  readonly seed?: number;
  /** `fresh`: a new idempotency identifier per request (default); `example`: the contract's example. */
  readonly idempotency?: 'fresh' | 'example';
  /** Values that replace the examples, by parameter name. */
  readonly values?: Readonly<Record<string, unknown>>;
}

/** Parameter values as they travel (text), by place and name; the query as its name–text pairs. */
export interface ParameterValues {
  readonly path: Readonly<Record<string, string>>;
  /** A list or object parameter styled as the contract says (`expand[0]=a`, `tag=a&tag=b`). */
  readonly query: readonly (readonly [string, string])[];
  readonly header: Readonly<Record<string, string>>;
  /** The values the engine generated (no example, no run's value): test data a reproducer keeps as sent. */
  readonly generated: readonly string[];
}

type Place = 'path' | 'query' | 'header';

/** Every path parameter, and the query and header parameters that are required or have an example. */
export function parameterValues(op: Operation, options: ValueOptions = {}): ParameterValues {
  const example = exampleRequest(op);
  const out: Record<'path' | 'header', Record<string, string>> = { path: {}, header: {} };
  const query: [string, string][] = [];
  const generated: string[] = [];
  for (const place of ['path', 'query', 'header'] as const)
    for (const [name, value] of Object.entries(example[place])) {
      const chosen = parameterValue(op, place, name, value, options);
      const texts = place === 'query' ? queryPairs(op, name, chosen.value) : [];
      if (place === 'query') query.push(...texts);
      else out[place][name] = asText(chosen.value);
      if (chosen.generated)
        generated.push(...(place === 'query' ? texts.map(([, t]) => t) : [out[place][name] as string]));
    }
  return { ...out, query, generated };
}

/** A query parameter's value as its pairs: styled when a list or object, else its one text. */
function queryPairs(op: Operation, name: string, value: unknown): [string, string][] {
  const parameter = op.parameters.find((p) => p.name === name && p.in === 'query');
  if (!parameter || typeof value !== 'object' || value === null) return [[name, asText(value)]];
  return styledPairs(name, value, queryStyleOf(parameter));
}

function parameterValue(
  op: Operation,
  place: Place,
  name: string,
  example: unknown,
  options: ValueOptions,
): { value: unknown; generated: boolean } {
  if (options.values && name in options.values) return { value: options.values[name], generated: false };
  const idempotent = op.idempotency?.parameter === name && op.idempotency.in === place;
  if (idempotent && (options.idempotency ?? 'fresh') === 'fresh')
    return { value: randomUUID(), generated: true };
  const parameter = op.parameters.find((p) => p.name === name && p.in === place);
  // An example that breaks its own schema is the contract's slip (example-accepted reports it): not sent.
  if (example !== undefined && !(parameter && parameterProblems(parameter, example).length))
    return { value: example, generated: false };
  return { value: generatedIdentifier(options.seed ?? 1, name, parameter?.schema), generated: true };
}

// Keywords that make a schema's value more than any identifier-like text.
const SHAPING = [
  'pattern',
  'format',
  'enum',
  'const',
  'type',
  'minLength',
  'maxLength',
  'oneOf',
  'anyOf',
  'allOf',
];

/**
 * A repeatable value for a parameter that has no example: one its schema accepts when the schema says more
 * than "a string" (a pattern, a format, an enum), else identifier-like text.
 */
export function generatedIdentifier(seed: number, name: string, schema?: JsonSchema): unknown {
  const salt = [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0);
  const plainString =
    !schema ||
    (schema.type === 'string' && Object.keys(schema).every((k) => !SHAPING.includes(k) || k === 'type'));
  if (!plainString) {
    const value = validValue(schema, seed + salt);
    if (value !== undefined) return value;
  }
  const [value] = fc.sample(fc.stringMatching(/^[a-z0-9]{8,16}$/), { seed: seed + salt, numRuns: 1 });
  return value ?? 'conformance';
}
