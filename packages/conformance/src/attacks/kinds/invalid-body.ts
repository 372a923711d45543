// A body the operation's schema forbids: refused with 400, in the error envelope.
import { judgeAnswer } from '../../judge/judge.js';
import { requestFor } from '../../requests/build.js';
import type { Attack } from '../attack.js';
import { forbiddenBodies } from '../forbidden-bodies.js';

export const invalidBody: Attack = {
  kind: 'invalid body',
  rationale: 'what the schema forbids is refused with 400, never accepted',
  cases: (target) =>
    forbiddenBodies(target.operations).map(({ op, body, why }) => async () => {
      const json = { contentType: 'application/json', text: JSON.stringify(body) };
      const answer = await target.http(requestFor(op, { idempotency: 'example', body: json }));
      const statuses = [answer.status];
      if (answer.status !== 400)
        return { statuses, failure: `${op.operationId} with ${why} → ${answer.status}` };
      const [deviation] = judgeAnswer(op, answer).failures;
      return deviation
        ? { statuses, failure: `${op.operationId} with ${why}: ${deviation.check}: ${deviation.got}` }
        : { statuses };
    }),
};
