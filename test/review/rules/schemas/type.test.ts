// rules/schemas/type.ts: a type narrowed, widened or replaced, rated by direction; a replaced type says all.
import { expect, it } from 'vitest';
import { compare, edited, READ, SEND, shared, verdicts } from '../harness.ts';

const base = shared({ type: 'object', properties: { n: { type: 'number', enum: [1, 2] } } });
const retyped = (type: unknown) =>
  edited(base, (d) => Object.assign(d.components.schemas.Shared.properties.n, { type }));

it('narrowed (number → integer): breaks senders, info for readers', () => {
  expect(verdicts(compare(base, retyped('integer')))).toEqual({
    [SEND]: ['schema-type-changed:breaking'],
    [READ]: ['schema-type-changed:info'],
  });
});

it('widened (number → number | string): breaks readers, info for senders', () => {
  const findings = compare(base, retyped(['number', 'string']));
  expect(verdicts(findings)).toEqual({
    [SEND]: ['schema-type-changed:info'],
    [READ]: ['schema-type-changed:breaking'],
  });
  expect(findings.find((f) => f.operation === READ)?.oasdiff).toBe('response-property-type-generalized');
});

it('replaced (number → string): breaks both, and the enum beside it is not a second finding', () => {
  const findings = compare(base, retyped('string'));
  expect(verdicts(findings)).toEqual({
    [SEND]: ['schema-type-changed:breaking'],
    [READ]: ['schema-type-changed:breaking'],
  });
  expect(findings.find((f) => f.operation === SEND)).toMatchObject({
    oasdiff: 'request-property-type-changed',
    fields: [{ direction: 'request', path: 'n' }],
  });
});

it('the same types in another order: nothing', () => {
  const two = edited(base, (d) =>
    Object.assign(d.components.schemas.Shared.properties.n, { type: ['number', 'null'] }),
  );
  expect(
    compare(
      two,
      edited(two, (d) =>
        Object.assign(d.components.schemas.Shared.properties.n, { type: ['null', 'number'] }),
      ),
    ),
  ).toEqual([]);
});
