// rules/schemas/other-keywords.ts: keywords the views do not model, compared as written, breaking both ways.
import { expect, it } from 'vitest';
import { compare, READ, SEND, shared, verdicts } from '../harness.ts';

it('`not` set: named, breaking both ways', () => {
  const findings = compare(shared({ type: 'string' }), shared({ type: 'string', not: { const: 'x' } }));
  expect(verdicts(findings)).toEqual({
    [SEND]: ['schema-keyword-changed:breaking'],
    [READ]: ['schema-keyword-changed:breaking'],
  });
  expect(findings[0]?.message).toMatch(/^Request body \(`application\/json`\): `not` changed/);
});
