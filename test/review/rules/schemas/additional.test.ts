// rules/schemas/additional.ts: unlisted properties refused narrows, accepted again widens; true is no change.
import { expect, it } from 'vitest';
import { compare, READ, SEND, shared, verdicts } from '../harness.ts';

const object = (additional?: unknown) =>
  shared({
    type: 'object',
    properties: { a: { type: 'string' } },
    ...(additional !== undefined && { additionalProperties: additional }),
  });

it('closed: breaks senders; opened: breaks readers; `true` is the default', () => {
  expect(verdicts(compare(object(), object(false)))).toEqual({
    [SEND]: ['additional-properties-changed:breaking'],
    [READ]: ['additional-properties-changed:info'],
  });
  expect(verdicts(compare(object(false), object()))).toEqual({
    [SEND]: ['additional-properties-changed:info'],
    [READ]: ['additional-properties-changed:breaking'],
  });
  expect(compare(object(), object(true))).toEqual([]);
});

it('their schema compared as a schema under `*`', () => {
  const findings = compare(object({ type: 'string' }), object({ type: 'integer' }));
  expect(verdicts(findings)[SEND]).toEqual(['schema-type-changed:breaking']);
  expect(findings[0]?.fields).toEqual([{ direction: 'request', path: '*' }]);
});
