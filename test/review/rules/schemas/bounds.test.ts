// rules/schemas/bounds.ts: bounds moved, set, dropped or made exclusive, in both spellings; integers' exclusive
// bounds read as the inclusive ones they mean.
import { expect, it } from 'vitest';
import { compare, READ, SEND, shared, verdicts } from '../harness.ts';

it('an inclusive minimum made exclusive narrows: breaks senders', () => {
  const findings = compare(
    shared({ type: 'number', minimum: 0 }),
    shared({ type: 'number', exclusiveMinimum: 0 }),
  );
  expect(verdicts(findings)).toEqual({
    [SEND]: ['minimum-changed:breaking'],
    [READ]: ['minimum-changed:info'],
  });
  expect(findings.find((f) => f.operation === SEND)?.oasdiff).toBe('request-body-exclusive-min-increased');
});

it('3.0 and 3.1 spellings of an exclusive bound are one bound', () => {
  const v30 = shared({ type: 'number', maximum: 10, exclusiveMaximum: true });
  expect(compare(v30, shared({ type: 'number', exclusiveMaximum: 10 }))).toEqual([]);
});

it("an integer's exclusive minimum 0 is minimum 1", () => {
  expect(
    compare(shared({ type: 'integer', minimum: 1 }), shared({ type: 'integer', exclusiveMinimum: 0 })),
  ).toEqual([]);
});

it('a maximum raised widens: breaks readers; lowered narrows: breaks senders', () => {
  const [low, high] = [shared({ type: 'number', maximum: 5 }), shared({ type: 'number', maximum: 9 })];
  expect(verdicts(compare(low, high))).toEqual({
    [SEND]: ['maximum-changed:info'],
    [READ]: ['maximum-changed:breaking'],
  });
  expect(verdicts(compare(high, low))).toEqual({
    [SEND]: ['maximum-changed:breaking'],
    [READ]: ['maximum-changed:info'],
  });
});
