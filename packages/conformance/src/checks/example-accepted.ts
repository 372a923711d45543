// Every named example of the request is accepted with a documented success status.
import { type Operation, responseFor, successResponses } from '@banking-api/contract';
import { describeAnswer } from '../judge/describe.js';
import { exampleRequests } from '../requests/examples.js';
import type { CheckContext } from '../types.js';
import { call, isSuccess } from './call.js';
import type { ProbeCheck } from './check.js';

const id = 'example-accepted';

export const exampleAccepted: ProbeCheck = {
  id,
  kind: 'probe',
  scope: 'operation',
  level: 'error',
  rationale: "the contract's own examples are requests the server must serve",
  run: async (ctx: CheckContext, op: Operation) => {
    const requests = exampleRequests(op, ctx.options.seed);
    if (requests.length === 0) {
      ctx.findings.note(op, id, 'the request body is required but has no named example: nothing to send');
      return;
    }
    for (const { name, probe } of requests) {
      const answer = await call(ctx, op, probe);
      ctx.findings.ran(op, id);
      if (isSuccess(answer.status) && responseFor(op, answer.status)) continue;
      const statuses = successResponses(op).map((r) => r.status);
      const expected = `example "${name}" accepted with ${statuses.join(' or ')}`;
      ctx.findings.fail(op, id, expected, describeAnswer(answer), probe);
    }
  },
};
