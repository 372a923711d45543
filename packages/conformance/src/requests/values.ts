// The parameter values of a valid request: the contract's example for each (exampleRequest), a fresh
// idempotency identifier per request when asked (a request that creates a resource must not replay an
// earlier one), and a repeatable generated value where the contract shows no example.
import { randomUUID } from 'node:crypto';
import { asText, exampleRequest, type Operation } from '@banking-api/contract';
import fc from 'fast-check';

export interface ValueOptions {
  /** Seed of the values generated for parameters without an example (default 1). */
  readonly seed?: number;
  /** `fresh`: a new idempotency identifier per request (default); `example`: the contract's example. */
  readonly idempotency?: 'fresh' | 'example';
  /** Values that replace the examples, by parameter name. */
  readonly values?: Readonly<Record<string, unknown>>;
}

/** Parameter values as they travel (text), by place and name. */
export interface ParameterValues {
  readonly path: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  readonly header: Readonly<Record<string, string>>;
}

type Place = 'path' | 'query' | 'header';

/** Every path parameter, and the query and header parameters that are required or have an example. */
export function parameterValues(op: Operation, options: ValueOptions = {}): ParameterValues {
  const example = exampleRequest(op);
  const out: Record<Place, Record<string, string>> = { path: {}, query: {}, header: {} };
  for (const place of ['path', 'query', 'header'] as const)
    for (const [name, value] of Object.entries(example[place]))
      out[place][name] = asText(parameterValue(op, place, name, value, options));
  return out;
}

function parameterValue(
  op: Operation,
  place: Place,
  name: string,
  example: unknown,
  options: ValueOptions,
): unknown {
  if (options.values && name in options.values) return options.values[name];
  const idempotent = op.idempotency?.parameter === name && op.idempotency.in === place;
  if (idempotent && (options.idempotency ?? 'fresh') === 'fresh') return randomUUID();
  return example ?? generatedIdentifier(options.seed ?? 1, name);
}

/** A repeatable identifier-like value for a parameter that has no example. */
export function generatedIdentifier(seed: number, name: string): string {
  const salt = [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0);
  const [value] = fc.sample(fc.stringMatching(/^[a-z0-9]{8,16}$/), { seed: seed + salt, numRuns: 1 });
  return value ?? 'conformance';
}
