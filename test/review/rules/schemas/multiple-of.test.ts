// rules/schemas/multiple-of.ts: a step made a multiple of itself narrows, a divisor widens.
import { expect, it } from 'vitest';
import { compare, READ, SEND, shared, verdicts } from '../harness.ts';

const step = (multipleOf: number) => shared({ type: 'number', multipleOf });

it('0.01 → 0.05 narrows, 0.05 → 0.01 widens, 2 → 3 breaks both', () => {
  expect(verdicts(compare(step(1), step(5)))[SEND]).toEqual(['multiple-of-changed:breaking']);
  expect(verdicts(compare(step(5), step(1)))[READ]).toEqual(['multiple-of-changed:breaking']);
  expect(verdicts(compare(step(5), step(1)))[SEND]).toEqual(['multiple-of-changed:info']);
  expect(verdicts(compare(step(2), step(3)))).toEqual({
    [SEND]: ['multiple-of-changed:breaking'],
    [READ]: ['multiple-of-changed:breaking'],
  });
});
