// rules/schemas/counts.ts: lengths, item and property counts, unique items, by direction; `minLength: 0` is none.
import { expect, it } from 'vitest';
import { compare, READ, SEND, shared, verdicts } from '../harness.ts';

it.each([
  [{ maxLength: 10 }, { maxLength: 5 }, 'max-length-changed', 'narrowed'],
  [{ maxLength: 5 }, { maxLength: 10 }, 'max-length-changed', 'widened'],
  [{}, { minLength: 3 }, 'min-length-changed', 'narrowed'],
  [{ minItems: 2 }, {}, 'min-items-changed', 'widened'],
  [{}, { maxItems: 2 }, 'max-items-changed', 'narrowed'],
  [{ uniqueItems: false }, { uniqueItems: true }, 'unique-items-changed', 'narrowed'],
  [{ maxProperties: 3 }, { maxProperties: 4 }, 'max-properties-changed', 'widened'],
])('%j → %j: %s, %s', (before, after, rule, how) => {
  const narrowed = how === 'narrowed';
  expect(verdicts(compare(shared(before), shared(after)))).toEqual({
    [SEND]: [`${rule}:${narrowed ? 'breaking' : 'info'}`],
    [READ]: [`${rule}:${narrowed ? 'info' : 'breaking'}`],
  });
});

it('minLength: 0 is no minimum', () => {
  expect(compare(shared({ type: 'string' }), shared({ type: 'string', minLength: 0 }))).toEqual([]);
});
