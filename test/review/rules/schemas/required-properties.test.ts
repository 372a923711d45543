// rules/schemas/required.ts: made required breaks senders (not for a read-only property); made optional
// breaks readers (not for a write-only one).
import { expect, it } from 'vitest';
import { compare, READ, SEND, shared, verdicts } from '../harness.ts';

const object = (required: string[], readOnly = false) =>
  shared({
    type: 'object',
    required,
    properties: { a: { type: 'string', readOnly }, b: { type: 'string' } },
  });

it('made required: breaks senders; made optional: breaks readers', () => {
  expect(verdicts(compare(object([]), object(['b'])))).toEqual({
    [SEND]: ['required-properties-added:breaking'],
    [READ]: ['required-properties-added:info'],
  });
  expect(verdicts(compare(object(['b']), object([])))).toEqual({
    [SEND]: ['required-properties-removed:info'],
    [READ]: ['required-properties-removed:breaking'],
  });
});

it('a read-only property made required breaks no sender (it is never sent)', () => {
  expect(verdicts(compare(object([], true), object(['a'], true)))[SEND]).toEqual([
    'required-properties-added:info',
  ]);
});

it('reordered required: nothing', () => {
  expect(compare(object(['a', 'b']), object(['b', 'a']))).toEqual([]);
});
