// The valid requests of an operation: one per named example of its body, then one per further example of
// each parameter (the body at its first example). What a server must accept with a documented success.
// `values` (a run's issued identifiers and fixtures) replace parameters and top-level body fields by name.
import { bodyExamples, type Operation } from '@banking-api/contract';
import type { Probe } from '../types.js';
import { requestFor } from './build.js';
import { encodeBody, withValues } from './encode.js';
import { parameterProblems } from './parameter-problems.js';
import { bodyProblems } from './valid-body.js';

export interface NamedRequest {
  /** The example's name, or `parameter: example` for a parameter's further example. */
  readonly name: string;
  readonly probe: Probe;
  /** How the example breaks its own schema: no valid request, the contract's finding (example-accepted). */
  readonly problems?: readonly string[];
}

/** Empty when the body is required but the contract shows no example of it: nothing valid to send. */
export function exampleRequests(
  op: Operation,
  seed: number,
  values: Readonly<Record<string, unknown>> = {},
): NamedRequest[] {
  const bodies = bodyExamples(op).map((b) => ({
    name: b.name,
    body: encodeBody(b.media, withValues(b.value, values)),
    problems: bodyProblems(b.media, b.value),
  }));
  if (op.requestBody?.required && bodies.length === 0) return [];
  const first = (bodies.find((b) => b.problems.length === 0) ?? bodies[0])?.body;
  const requests: NamedRequest[] = bodies.map(({ name, body, problems }) => ({
    name,
    probe: requestFor(op, { seed, values, body }),
    ...(problems.length > 0 && { problems }),
  }));
  if (requests.length === 0) requests.push({ name: 'parameters', probe: requestFor(op, { seed, values }) });
  for (const p of op.parameters) {
    if (p.name in values) continue; // the run's value stands for every example
    for (const example of p.examples.slice(1)) {
      const probe = requestFor(op, {
        seed,
        values: { ...values, [p.name]: example.value },
        ...(first && { body: first }),
      });
      const problems = parameterProblems(p, example.value);
      requests.push({ name: `${p.name}: ${example.name}`, probe, ...(problems.length > 0 && { problems }) });
    }
  }
  return requests;
}
