import { type Answer, judgeAnswer, requestFor } from '@banking-api/conformance';
import { responseFor } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { documentedAnswer, operationWith, registered } from '../harness.ts';

const withBody = (answer: Answer, edit: (body: Record<string, unknown>) => void): Answer => {
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  edit(body);
  return { ...answer, text: JSON.stringify(body) };
};

describe('field-rules', () => {
  registered('field-rules');
  const refund = operationWith(
    (o) => Boolean(responseFor(o, 200)?.rules?.some((r) => r.equals.source === 'path')),
    'a success field equal to a path parameter',
  );
  const rule = responseFor(refund, 200)?.rules?.find((r) => r.equals.source === 'path');
  const [, outer = '', inner = ''] = rule?.pointer.split('/') ?? [];
  const request = requestFor(refund, { values: { [rule?.equals.name ?? '']: 'refund-77' } });
  const failuresOf = (answer: Answer) => judgeAnswer(refund, answer, request).failures;

  it('passes an answer whose field equals the path parameter, fails one that does not', () => {
    const echoed = withBody(documentedAnswer(refund, 200), (b) => {
      (b[outer] as Record<string, unknown>)[inner] = 'refund-77';
    });
    expect(failuresOf(echoed)).toEqual([]);
    const other = withBody(echoed, (b) => {
      (b[outer] as Record<string, unknown>)[inner] = 'another-id';
    });
    expect(failuresOf(other)).toEqual([
      expect.objectContaining({ check: 'field-rules', got: `${rule?.pointer} = "another-id"` }),
    ]);
  });

  it('does not judge a path rule without the request, nor a field the answer lacks', () => {
    const other = withBody(documentedAnswer(refund, 200), (b) => {
      (b[outer] as Record<string, unknown>)[inner] = 'another-id';
    });
    expect(judgeAnswer(refund, other).failures).toEqual([]);
    const lacking = withBody(documentedAnswer(refund, 200), (b) => {
      delete (b[outer] as Record<string, unknown>)[inner];
    });
    expect(failuresOf(lacking).map((f) => f.check)).not.toContain('field-rules');
  });

  it("holds the error envelope's status_code to the HTTP status", () => {
    const op = operationWith(
      (o) => Boolean(responseFor(o, 400)?.rules?.some((r) => r.equals.source === 'status')),
      'an error envelope with a status rule',
    );
    const answer = documentedAnswer(op, 401);
    expect(judgeAnswer(op, answer).failures).toEqual([]);
    const wrong = withBody(answer, (b) => {
      b.status_code = 400;
    });
    expect(judgeAnswer(op, wrong).failures).toEqual([
      expect.objectContaining({ check: 'field-rules', got: '/status_code = 400' }),
    ]);
  });
});
