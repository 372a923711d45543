// A server error is never an answer to a request, however bad the request was.
import { describeAnswer } from '../judge/describe.js';
import { type AnswerCheck, fail, skip } from './check.js';

export const noServerError: AnswerCheck = {
  id: 'no-server-error',
  kind: 'answer',
  level: 'error',
  rationale: 'bad input gets a 4xx in the error envelope, never a 5xx',
  // Counted only when it fails: every answer passes through it, and a count of all of them says nothing.
  judge: ({ answer }) => (answer.status >= 500 ? fail('no 5xx answer', describeAnswer(answer)) : skip),
};
