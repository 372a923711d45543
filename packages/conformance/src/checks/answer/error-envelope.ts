// An error body is the contract's error envelope: the schema of the operation's error answers
// (errorSchemaOf: the body of the response covering 400), else the schema its own response documents.
import { errorSchemaOf } from '@banking-api/contract';
import { bodyVerdict } from '../../judge/body.js';
import { type AnswerCheck, skip } from '../check.js';

export const errorEnvelopeCheck: AnswerCheck = {
  id: 'error-envelope',
  kind: 'answer',
  level: 'error',
  rationale: 'every refusal carries the one error envelope (§7), so a client reads every error one way',
  judge: ({ op, answer, media }) => {
    if (answer.status < 400 || !media) return skip;
    const schema = errorSchemaOf(op) ?? media.schema;
    return bodyVerdict(answer, schema, 'the error envelope (schema of the 400 response)');
  },
};
