// Every named example of the request is accepted with a documented success status. Identifiers come from
// the run's state (the server's own answers, the caller's fixtures) where it has them: a 404 for an
// identifier this server never issued is a note asking for a fixture, not a deviation.
import { type Operation, responseFor, successResponses } from '@banking-api/contract';
import { issuedValues } from '../../flows/values.js';
import { describeAnswer } from '../../judge/describe.js';
import { exampleRequests } from '../../requests/examples.js';
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
    const requests = exampleRequests(op, ctx.options.seed, values);
    if (requests.length === 0) {
      ctx.findings.note(op, id, 'the request body is required but has no named example: nothing to send');
      return;
    }
    for (const { name, probe } of requests) {
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
