// rules/schemas/deprecated.ts: deprecating a schema is info.
import { expect, it } from 'vitest';
import { compare, READ, SEND, shared, verdicts } from '../harness.ts';

it('deprecated and reactivated: info', () => {
  const [on, off] = [shared({ type: 'string', deprecated: true }), shared({ type: 'string' })];
  expect(verdicts(compare(off, on))).toEqual({
    [SEND]: ['deprecated-changed:info'],
    [READ]: ['deprecated-changed:info'],
  });
  expect(verdicts(compare(on, off))[READ]).toEqual(['deprecated-changed:info']);
});
