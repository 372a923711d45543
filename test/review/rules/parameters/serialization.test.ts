// rules/parameters/serialization.ts: another style or explode breaks; defaults written out, or explode on
// a single primitive, change nothing.
import { expect, it } from 'vitest';
import { compare, operation, SEND, verdicts } from '../harness.ts';

const op = (schema: unknown, style: Record<string, unknown> = {}) =>
  operation({ parameters: [{ name: 'a', in: 'query', schema, ...style }] });
const list = { type: 'array', items: { type: 'string' } };

it('an array parameter exploded differently: breaking', () => {
  expect(verdicts(compare(op(list), op(list, { explode: false })))).toEqual({
    [SEND]: ['parameter-serialization-changed:breaking'],
  });
  expect(verdicts(compare(op(list), op(list, { style: 'pipeDelimited' })))).toEqual({
    [SEND]: ['parameter-serialization-changed:breaking'],
  });
});

it('defaults written out, or explode on a string: nothing', () => {
  expect(compare(op(list), op(list, { style: 'form', explode: true }))).toEqual([]);
  expect(compare(op({ type: 'string' }), op({ type: 'string' }, { explode: false }))).toEqual([]);
});
