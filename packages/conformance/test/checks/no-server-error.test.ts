import { judgeAnswer } from '@banking-api/conformance';
import { describe, expect, it } from 'vitest';
import { documentedAnswer, model, registered } from '../harness.ts';

describe('no-server-error', () => {
  const [op] = model.operations;
  if (!op) throw new Error('the contract has no operation');

  it('is an error-level answer check with a rationale', () => {
    expect(registered('no-server-error')).toMatchObject({ kind: 'answer', level: 'error' });
  });

  it('fails a 5xx and judges nothing else of it', () => {
    const judgement = judgeAnswer(op, { status: 503, mediaType: 'text/plain', headers: {}, text: 'down' });
    expect(judgement.failures).toEqual([
      { check: 'no-server-error', expected: 'no 5xx answer', got: '503 text/plain down' },
    ]);
    expect(judgement.ran).toEqual(['answers-within-limits', 'no-server-error']);
  });

  it('is counted, passing, on an answer below 500', () => {
    const judgement = judgeAnswer(op, documentedAnswer(op, 400));
    expect(judgement.ran).toContain('no-server-error');
    expect(judgement.failures.map((f) => f.check)).not.toContain('no-server-error');
  });
});
