// The status is one the operation documents (exactly, by range, or as its `default` error). A probe flawed
// on purpose (no credential, an invalid value, a wrong media type) that gets the HTTP-standard refusal where
// the contract documents no answer to it passes with a note that the contract is silent
// (judge/standard-refusal.ts): the standard one, not any 4xx.
import { describeAnswer } from '../../judge/describe.js';
import { isStandardRefusal, silentContractNote } from '../../judge/standard-refusal.js';
import { type AnswerCheck, fail, pass } from '../check.js';

export const responseStatus: AnswerCheck = {
  id: 'response-status',
  kind: 'answer',
  level: 'error',
  rationale: 'a client can only handle the statuses the contract documents; `default` never covers a 2xx',
  judge: ({ op, answer, response, request }) => {
    if (response) return pass;
    const refusal = request?.refusal;
    if (refusal && isStandardRefusal(refusal, answer.status))
      return { outcome: 'pass', note: silentContractNote(refusal, answer.status) };
    const listed = op.responses.map((r) => (r.status === 'default' ? 'default (errors)' : r.status));
    return fail(`one of ${listed.join(', ')}`, describeAnswer(answer));
  },
};
