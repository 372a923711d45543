// rules/schemas/alternatives.ts: oneOf/anyOf alternatives added widen, removed narrow, matched by component.
import { expect, it } from 'vitest';
import { compare, READ, SEND, shared, verdicts } from '../harness.ts';

const components = {
  A: { type: 'object', properties: { a: { type: 'string' } } },
  B: { type: 'object', properties: { b: { type: 'string' } } },
  C: { type: 'object', properties: { c: { type: 'string' } } },
};
const oneOf = (...names: string[]) =>
  shared({ oneOf: names.map((n) => ({ $ref: `#/components/schemas/${n}` })) }, { components });

it('an alternative added: breaks readers; removed: breaks senders', () => {
  expect(verdicts(compare(oneOf('A', 'B'), oneOf('A', 'B', 'C')))).toEqual({
    [SEND]: ['schema-combinator-changed:info'],
    [READ]: ['schema-combinator-changed:breaking'],
  });
  expect(verdicts(compare(oneOf('A', 'B'), oneOf('B')))).toEqual({
    [SEND]: ['schema-combinator-changed:breaking'],
    [READ]: ['schema-combinator-changed:info'],
  });
});

it('alternatives reordered: nothing; a matched alternative compared as a schema', () => {
  expect(compare(oneOf('A', 'B'), oneOf('B', 'A'))).toEqual([]);
  const changed = shared(
    { oneOf: [{ $ref: '#/components/schemas/A' }] },
    { components: { ...components, A: { type: 'object', properties: { a: { type: 'integer' } } } } },
  );
  expect(verdicts(compare(oneOf('A'), changed))[SEND]).toEqual(['schema-type-changed:breaking']);
});
