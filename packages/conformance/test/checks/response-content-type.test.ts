import { judgeAnswer } from '@banking-api/conformance';
import { describe, expect, it } from 'vitest';
import { documentedAnswer, operationWith, registered, successStatus } from '../harness.ts';

describe('response-content-type', () => {
  const op = operationWith(
    (o) => o.responses.some((r) => /^2/.test(r.status) && r.content.length > 0),
    'a success body',
  );

  it('is an error-level answer check', () => {
    expect(registered('response-content-type')).toMatchObject({ kind: 'answer', level: 'error' });
  });

  it('passes the documented content type', () => {
    const judgement = judgeAnswer(op, documentedAnswer(op, successStatus(op)));
    expect(judgement.ran).toContain('response-content-type');
    expect(judgement.failures).toEqual([]);
  });

  it('fails another content type, and judges no body it cannot read', () => {
    const answer = { ...documentedAnswer(op, successStatus(op)), mediaType: 'text/html' };
    const judgement = judgeAnswer(op, answer);
    expect(judgement.failures).toEqual([
      expect.objectContaining({ check: 'response-content-type', got: expect.stringContaining('text/html') }),
    ]);
    expect(judgement.ran).not.toContain('response-schema');
  });
});

describe('response-content-type, on an answer without a body', () => {
  const open = operationWith(
    (o) => o.responses.some((r) => r.status === '2XX' && r.content.length > 0),
    'a 2XX response the contract does not show',
  );

  it('passes a 204 with no body and no content type where the contract shows no response', () => {
    const judgement = judgeAnswer(open, { status: 204, mediaType: '', headers: {}, text: '' });
    expect(judgement.failures).toEqual([]);
  });

  it('still fails a 200 with a body and no content type there', () => {
    const judgement = judgeAnswer(open, { status: 200, mediaType: '', headers: {}, text: '{"a":1}' });
    expect(judgement.failures.map((f) => f.check)).toEqual(['response-content-type']);
  });
});

describe('response-content-type, by essence', () => {
  const base = operationWith(
    (o) => o.responses.some((r) => /^2/.test(r.status) && r.content.length > 0),
    'a success body',
  );
  const status = successStatus(base);
  /** The operation with its success body keyed `listed` (as Open Finance Brasil keys `application/json; charset=utf-8`). */
  const keyedAs = (listed: string) => ({
    ...base,
    responses: base.responses.map((r) =>
      r.status === String(status)
        ? { ...r, content: r.content.map((m) => ({ ...m, mediaType: listed })) }
        : r,
    ),
  });

  it('passes application/json where the contract keys application/json; charset=utf-8, schema still judged', () => {
    const op = keyedAs('application/json; charset=utf-8');
    const judgement = judgeAnswer(op, documentedAnswer(base, status));
    expect(judgement.failures).toEqual([]);
    expect(judgement.ran).toEqual(judgeAnswer(base, documentedAnswer(base, status)).ran);
  });

  it('passes a type a listed range covers, and still fails one no listed type covers', () => {
    expect(judgeAnswer(keyedAs('application/*'), documentedAnswer(base, status)).failures).toEqual([]);
    const html = { ...documentedAnswer(base, status), mediaType: 'text/html' };
    expect(judgeAnswer(keyedAs('application/*'), html).failures.map((f) => f.check)).toEqual([
      'response-content-type',
    ]);
  });
});
