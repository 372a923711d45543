// Any JSON value as the body of any operation: a documented answer, never a 5xx.
import fc from 'fast-check';
import { judgeAnswer } from '../../judge/judge.js';
import { requestFor } from '../../requests/build.js';
import type { Attack } from '../attack.js';

export const randomJson: Attack = {
  kind: 'random JSON',
  rationale: 'any JSON gets a documented answer: accepted, or refused in the error envelope',
  cases: (target) =>
    fc
      .record({ op: fc.constantFrom(...target.operations), value: fc.jsonValue() })
      .map(({ op, value }) => async () => {
        const text = JSON.stringify(value);
        const answer = await target.http(
          requestFor(op, { idempotency: 'example', body: { contentType: 'application/json', text } }),
        );
        const [deviation] = judgeAnswer(op, answer).failures;
        const failure =
          deviation && `${op.operationId} with ${text.slice(0, 80)}: ${deviation.check}: ${deviation.got}`;
        return { statuses: [answer.status], ...(failure && { failure }) };
      }),
};
