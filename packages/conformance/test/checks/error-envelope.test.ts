import { judgeAnswer } from '@banking-api/conformance';
import { errorSchemaOf } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { documentedAnswer, operationWith, registered } from '../harness.ts';

describe('error-envelope', () => {
  const op = operationWith((o) => Boolean(errorSchemaOf(o)), 'an error envelope');

  it('is an error-level answer check', () => {
    expect(registered('error-envelope')).toMatchObject({ kind: 'answer', level: 'error' });
  });

  it('passes an error in the envelope, whatever 4xx it is', () => {
    for (const status of [400, 401, 404]) {
      const judgement = judgeAnswer(op, documentedAnswer(op, status));
      expect(judgement.ran).toContain('error-envelope');
      expect(judgement.failures).toEqual([]);
    }
  });

  it('fails an error body that is not the envelope', () => {
    const answer = { ...documentedAnswer(op, 400), text: '{"error":"bad"}' };
    expect(judgeAnswer(op, answer).failures).toEqual([
      expect.objectContaining({
        check: 'error-envelope',
        expected: 'the error envelope (schema of the 400 response)',
      }),
    ]);
  });
});
