// Positive: every named example of the request is accepted with a documented success status.
import type { Operation } from '@banking-api/contract';
import { bodyExamples, encodeBody, probeFor } from '../inputs.ts';
import { describeAnswer, documentedResponse, successStatuses } from '../responses.ts';
import type { CheckContext, Probe } from '../types.ts';
import { call, isSuccess } from './call.ts';

const check = 'example-accepted';

export async function positiveChecks(ctx: CheckContext, op: Operation): Promise<void> {
  const probes = exampleProbes(op, ctx.options.seed);
  if (probes.length === 0) {
    ctx.findings.note(op, check, 'the request body is required but has no named example: nothing to send');
    return;
  }
  for (const { name, probe } of probes) {
    const answer = await call(ctx, op, probe);
    ctx.findings.ran(op, check);
    if (isSuccess(answer.status) && documentedResponse(op, answer.status)) continue;
    const expected = `example "${name}" accepted with ${successStatuses(op).join(' or ')}`;
    ctx.findings.fail(op, check, expected, describeAnswer(answer), probe);
  }
}

/**
 * One probe per body example (parameters at their first example), then one per further parameter
 * example (body at its first example).
 */
export function exampleProbes(op: Operation, seed: number): { name: string; probe: Probe }[] {
  const bodies = bodyExamples(op).map((b) => ({ name: b.name, body: encodeBody(b.media, b.value) }));
  if (op.requestBody?.required && bodies.length === 0) return [];
  const first = bodies[0]?.body;
  const probes = bodies.map(({ name, body }) => ({ name, probe: probeFor(op, seed, { body }) }));
  if (probes.length === 0) probes.push({ name: 'parameters', probe: probeFor(op, seed) });
  for (const p of op.parameters) {
    for (const example of p.examples.slice(1)) {
      const probe = probeFor(op, seed, {
        values: { [p.name]: example.value },
        ...(first ? { body: first } : {}),
      });
      probes.push({ name: `${p.name}: ${example.name}`, probe });
    }
  }
  return probes;
}
