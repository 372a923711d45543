// rules/parameters/required.ts: made required breaks, made optional does not.
import { expect, it } from 'vitest';
import { compare, operation, SEND, verdicts } from '../harness.ts';

const op = (required: boolean) =>
  operation({ parameters: [{ name: 'a', in: 'query', required, schema: { type: 'string' } }] });

it('made required: breaking; made optional: non-breaking', () => {
  expect(verdicts(compare(op(false), op(true)))).toEqual({ [SEND]: ['parameter-became-required:breaking'] });
  expect(verdicts(compare(op(true), op(false)))).toEqual({
    [SEND]: ['parameter-became-optional:non-breaking'],
  });
});
