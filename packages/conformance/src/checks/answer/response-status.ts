// The status is one the operation documents (exactly, by range, or as its `default` error).
import { describeAnswer } from '../../judge/describe.js';
import { type AnswerCheck, fail, pass } from '../check.js';

export const responseStatus: AnswerCheck = {
  id: 'response-status',
  kind: 'answer',
  level: 'error',
  rationale: 'a client can only handle the statuses the contract documents; `default` never covers a 2xx',
  judge: ({ op, answer, response }) => {
    if (response) return pass;
    const listed = op.responses.map((r) => (r.status === 'default' ? 'default (errors)' : r.status));
    return fail(`one of ${listed.join(', ')}`, describeAnswer(answer));
  },
};
