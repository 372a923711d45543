// rules/schemas/nullable.ts: null allowed breaks readers, no longer allowed breaks senders; every spelling alike.
import { expect, it } from 'vitest';
import { compare, edited, READ, SEND, shared, verdicts } from '../harness.ts';

const plain = shared({ type: 'string' });

it('made nullable: breaks readers', () => {
  const head = edited(plain, (d) => Object.assign(d.components.schemas.Shared, { type: ['string', 'null'] }));
  const findings = compare(plain, head);
  expect(verdicts(findings)).toEqual({
    [SEND]: ['nullable-changed:info'],
    [READ]: ['nullable-changed:breaking'],
  });
  expect(findings.find((f) => f.operation === READ)?.oasdiff).toBe('response-body-became-nullable');
});

it('no longer nullable: breaks senders', () => {
  const nullable = edited(plain, (d) => Object.assign(d.components.schemas.Shared, { nullable: true }));
  expect(verdicts(compare(nullable, plain))).toEqual({
    [SEND]: ['nullable-changed:breaking'],
    [READ]: ['nullable-changed:info'],
  });
});

it('`nullable: true`, a null type and a oneOf null branch are one nullability', () => {
  const typed = shared({ type: ['string', 'null'] });
  const flagged = shared({ type: 'string', nullable: true });
  const wrapped = shared({ oneOf: [{ type: 'string' }, { type: 'null' }] });
  expect(compare(typed, flagged)).toEqual([]);
  expect(compare(typed, wrapped)).toEqual([]);
  expect(compare(wrapped, flagged)).toEqual([]);
});
