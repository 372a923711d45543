import { judgeAnswer } from '@banking-api/conformance';
import { responseFor } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { documentedAnswer, operationWith, registered, successStatus } from '../harness.ts';

describe('response-status', () => {
  const op = operationWith(
    (o) => o.responses.some((r) => r.status === 'default') && !responseFor(o, 299),
    'a default response and no 2XX range',
  );

  it('is an error-level answer check', () => {
    expect(registered('response-status')).toMatchObject({ kind: 'answer', level: 'error' });
  });

  it('passes a documented success and an error the default covers', () => {
    for (const status of [successStatus(op), 418]) {
      const judgement = judgeAnswer(op, documentedAnswer(op, status));
      expect(judgement.ran).toContain('response-status');
      expect(judgement.failures.filter((f) => f.check === 'response-status')).toEqual([]);
    }
  });

  it('fails an undocumented success: the default covers errors only', () => {
    const judgement = judgeAnswer(op, { status: 299, mediaType: '', headers: {}, text: '' });
    expect(judgement.failures).toEqual([
      expect.objectContaining({
        check: 'response-status',
        expected: expect.stringContaining('default (errors)'),
      }),
    ]);
  });
});
