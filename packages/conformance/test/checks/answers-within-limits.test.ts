import { ConnectionError, judgeAnswer, recordNoAnswer, requestFor } from '@banking-api/conformance';
import { describe, expect, it } from 'vitest';
import { documentedAnswer, model, recorder, registered } from '../harness.ts';

describe('answers-within-limits', () => {
  const [op] = model.operations;
  if (!op) throw new Error('the contract has no operation');

  it('is an error-level answer check that passes every answer that came', () => {
    expect(registered('answers-within-limits')).toMatchObject({ kind: 'answer', level: 'error' });
    const judgement = judgeAnswer(op, documentedAnswer(op, 400));
    expect(judgement.ran).toContain('answers-within-limits');
    expect(judgement.failures.map((f) => f.check)).not.toContain('answers-within-limits');
  });

  it('records a request the server took but did not answer as its failure on the operation', () => {
    const findings = recorder();
    const probe = requestFor(op);
    const error = new ConnectionError('GET https://x/y: UND_ERR_HEADERS_TIMEOUT: Headers Timeout Error', {
      stage: 'answer',
      reason: 'UND_ERR_HEADERS_TIMEOUT: Headers Timeout Error',
      probe,
    });
    recordNoAnswer(findings, op, error);
    expect(findings.runs).toEqual([{ operation: op.key, check: 'answers-within-limits' }]);
    expect(findings.failures).toEqual([
      expect.objectContaining({
        operation: op.key,
        check: 'answers-within-limits',
        got: 'no answer: UND_ERR_HEADERS_TIMEOUT: Headers Timeout Error',
        probe,
      }),
    ]);
  });
});
