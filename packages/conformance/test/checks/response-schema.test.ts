import { judgeAnswer } from '@banking-api/conformance';
import { type Operation, resolveSchema, responseFor } from '@banking-api/contract';
import { isFreeForm } from '@banking-api/contract/validators';
import { describe, expect, it } from 'vitest';
import { documentedAnswer, operationWith, registered, successStatus } from '../harness.ts';

const successSchema = (o: Operation) => resolveSchema(responseFor(o, successStatus(o))?.content[0]?.schema);

describe('response-schema', () => {
  const op = operationWith(
    (o) => !isFreeForm(successSchema(o)) && ((successSchema(o)?.required as unknown[]) ?? []).length > 0,
    'a success schema with required fields',
  );

  it('is an error-level answer check', () => {
    expect(registered('response-schema')).toMatchObject({ kind: 'answer', level: 'error' });
  });

  it("passes the contract's own success example", () => {
    const judgement = judgeAnswer(op, documentedAnswer(op, successStatus(op)));
    expect(judgement.ran).toContain('response-schema');
    expect(judgement.failures).toEqual([]);
  });

  it('fails a body without a required field, naming it', () => {
    const answer = documentedAnswer(op, successStatus(op));
    const [field] = (successSchema(op)?.required ?? []) as string[];
    const body = JSON.parse(answer.text);
    delete body[field as string];
    const judgement = judgeAnswer(op, { ...answer, text: JSON.stringify(body) });
    expect(judgement.failures).toEqual([
      expect.objectContaining({ check: 'response-schema', got: expect.stringContaining(field as string) }),
    ]);
  });

  it('passes a body without a required writeOnly field (sent in requests only), not one without another', () => {
    const status = successStatus(op);
    const documented = responseFor(op, status);
    const schema = {
      type: 'object',
      required: ['id', 'secret'],
      properties: { id: { type: 'string' }, secret: { type: 'string', writeOnly: true } },
    };
    const responses = op.responses.map((r) =>
      r === documented ? { ...r, content: r.content.map((m) => ({ ...m, schema, examples: [] })) } : r,
    );
    const marked: Operation = { ...op, responses };
    const answer = documentedAnswer(op, status);
    const failures = (text: string) =>
      judgeAnswer(marked, { ...answer, text }).failures.filter((f) => f.check === 'response-schema');
    expect(failures('{"id":"x"}')).toEqual([]);
    expect(failures('{"secret":"s"}')).toEqual([
      expect.objectContaining({ got: expect.stringContaining("'id'") }),
    ]);
  });

  it('fails a body that is not JSON', () => {
    const answer = { ...documentedAnswer(op, successStatus(op)), text: '{"cut' };
    expect(judgeAnswer(op, answer).failures).toEqual([
      expect.objectContaining({ check: 'response-schema', expected: 'a JSON body' }),
    ]);
  });

  it('notes a success body the contract leaves free-form instead of failing it', () => {
    const open = operationWith((o) => isFreeForm(successSchema(o)), 'a free-form success body');
    const judgement = judgeAnswer(open, { ...documentedAnswer(open, successStatus(open)), text: '[1]' });
    expect(judgement.failures).toEqual([]);
    expect(judgement.ran).not.toContain('response-schema');
    expect(judgement.notes).toEqual([
      { check: 'response-schema', message: expect.stringMatching(/only status and content type checked/) },
    ]);
  });
});
