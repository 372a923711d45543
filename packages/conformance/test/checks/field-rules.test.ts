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
      {
        check: 'field-rules',
        expected: `${rule?.pointer} = path parameter ${rule?.equals.name}`,
        got: `${rule?.pointer} = "another-id" (path parameter ${rule?.equals.name} is "refund-77")`,
      },
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

  it("keeps the request's own value out of `expected`, so that requests with fresh ids group as one", () => {
    const answerTo = (id: string) =>
      withBody(documentedAnswer(refund, 200), (b) => {
        (b[outer] as Record<string, unknown>)[inner] = `not-${id}`;
      });
    const expectedFor = (id: string) =>
      judgeAnswer(refund, answerTo(id), requestFor(refund, { values: { [rule?.equals.name ?? '']: id } }))
        .failures[0]?.expected;
    expect(expectedFor('refund-1')).toBeDefined();
    expect(expectedFor('refund-1')).toBe(expectedFor('refund-2'));
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
      {
        check: 'field-rules',
        expected: '/status_code = the HTTP status',
        got: '/status_code = 400 (the HTTP status is "401")',
      },
    ]);
  });

  it("holds the error envelope's path to the path the request was sent to (behind a base path too)", () => {
    const op = operationWith(
      (o) => Boolean(responseFor(o, 400)?.rules?.some((r) => r.equals.source === 'request-path')),
      'an error envelope with a request-path rule',
    );
    const request = requestFor(op, { idempotency: 'example' });
    const path = request.path.split('?')[0] as string;
    const answer = withBody(documentedAnswer(op, 400), (b) => {
      b.path = path;
    });
    expect(judgeAnswer(op, answer, request).failures).toEqual([]);
    const behindBase = withBody(answer, (b) => {
      b.path = `/api${path}`;
    });
    expect(judgeAnswer(op, behindBase, request).failures).toEqual([]);
    const wrong = withBody(answer, (b) => {
      b.path = '/hb/somewhere-else';
    });
    expect(judgeAnswer(op, wrong, request).failures).toEqual([
      expect.objectContaining({ check: 'field-rules', expected: "/path = the request's path" }),
    ]);
  });
});
