// Every named example of the request is accepted with a documented success status. Identifiers come from
// the run's state (the server's own answers, the caller's fixtures) where it has them: a 404 for an
// identifier this server never issued is a note asking for a fixture, not a deviation. An example that
// breaks its own schema is no valid request: it is not sent, and is reported as the contract's finding
// (with the schema's errors), not the server's.
import { type Operation, parameterExample, responseFor, successResponses } from '@banking-api/contract';
import { issuedValues } from '../../flows/values.js';
import { describeAnswer } from '../../judge/describe.js';
import { exampleRequests } from '../../requests/examples.js';
import { parameterProblems } from '../../requests/parameter-problems.js';
import type { CheckContext } from '../../types.js';
import type { ProbeCheck } from '../check.js';
import { call, isSuccess } from './call.js';

const id = 'example-accepted';

export const exampleAccepted: ProbeCheck = {
  id,
  kind: 'probe',
  scope: 'operation',
  level: 'error',
  rationale: "the contract's own examples are requests the server must serve",
  run: async (ctx: CheckContext, op: Operation) => {
    const { identifiers, fixtures } = ctx.options;
    const { values, unissued } = issuedValues(op, identifiers, fixtures?.[op.operationId]);
    reportBrokenParameterExamples(ctx, op, values);
    const requests = exampleRequests(op, ctx.options.seed, values);
    if (requests.length === 0) {
      ctx.findings.note(op, id, 'the request body is required but has no named example: nothing to send');
      return;
    }
    for (const { name, probe, problems } of requests) {
      if (problems) {
        const broken = `example "${name}" breaks the contract's own request schema: ${problems.join('; ')}`;
        ctx.findings.contractIssue(op, id, `${broken} (not sent as a valid request)`);
        continue;
      }
      const answer = await call(ctx, op, probe);
      ctx.findings.ran(op, id);
      if (isSuccess(answer.status) && responseFor(op, answer.status)) continue;
      if (answer.status === 404 && unissued.length > 0) {
        const names = unissued.join(', ');
        const message = `404 for ${names} at the contract's example, which this server never issued: give ${names} for ${op.operationId} in --fixtures`;
        ctx.findings.note(op, id, message);
        continue;
      }
      const statuses = successResponses(op).map((r) => r.status);
      const expected = `example "${name}" accepted with ${statuses.join(' or ')}`;
      ctx.findings.fail(op, id, expected, describeAnswer(answer), probe, answer);
    }
  },
};

/** A parameter's first example that breaks its schema: a generated value is sent instead (values.ts). */
function reportBrokenParameterExamples(
  ctx: CheckContext,
  op: Operation,
  values: Record<string, unknown>,
): void {
  for (const p of op.parameters) {
    if (p.name in values) continue;
    const problems = parameterProblems(p, parameterExample(p));
    if (problems.length === 0) continue;
    const message = `the example of ${p.in} parameter ${p.name} breaks its own schema: ${problems.join('; ')} (a generated value was sent instead)`;
    ctx.findings.contractIssue(op, id, message);
  }
}
