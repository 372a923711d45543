// The answer checks, in the order the judge runs them on every answer (judge/judge.ts): each judges an answer
// alone, whatever the request was for. A new answer check is a file beside these, a line here, and a test in
// test/checks/<id>.test.ts. This list imports no probe check, so the judge never reaches one.
import type { AnswerCheck } from '../check.js';
import { answersWithinLimits } from './answers-within-limits.js';
import { errorEnvelopeCheck } from './error-envelope.js';
import { fieldRules } from './field-rules.js';
import { noServerError } from './no-server-error.js';
import { responseContentType } from './response-content-type.js';
import { responseSchema } from './response-schema.js';
import { responseStatus } from './response-status.js';

export const answerChecks: readonly AnswerCheck[] = [
  answersWithinLimits,
  noServerError,
  responseStatus,
  responseContentType,
  responseSchema,
  errorEnvelopeCheck,
  fieldRules,
];
