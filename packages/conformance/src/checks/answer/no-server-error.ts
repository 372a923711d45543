// A server error is never an answer to a request, however bad the request was.
import { describeAnswer } from '../../judge/describe.js';
import { type AnswerCheck, fail, pass } from '../check.js';

export const noServerError: AnswerCheck = {
  id: 'no-server-error',
  kind: 'answer',
  level: 'error',
  rationale: 'bad input gets a 4xx in the error envelope, never a 5xx',
  // Counted on every answer like the other checks: a report that leaves it out until it fails hides that
  // it ran, and `--include no-server-error` would run nothing.
  judge: ({ answer }) => (answer.status >= 500 ? fail('no 5xx answer', describeAnswer(answer)) : pass),
};
