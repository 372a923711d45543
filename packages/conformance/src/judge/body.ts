// A JSON answer body against a schema: a verdict for the body checks (response-schema, error-envelope).
import { isJsonMediaType, type JsonSchema } from '@banking-api/contract';
import { violationLines } from '@banking-api/contract/validators';
import { type AnswerVerdict, fail, pass, skip } from '../checks/check.js';
import type { Answer } from '../types.js';
import { clip } from './describe.js';

/** Skipped for a body that is not JSON by its content type, or without a schema to hold it to. */
export function bodyVerdict(answer: Answer, schema: JsonSchema | undefined, expected: string): AnswerVerdict {
  if (!isJsonMediaType(answer.mediaType) || !schema) return skip;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return fail('a JSON body', `${answer.status}, not JSON: ${clip(answer.text)}`);
  }
  const problems = violationLines(schema, body, 'response');
  return problems.length ? fail(expected, `${answer.status}: ${problems.join('; ')}`) : pass;
}
