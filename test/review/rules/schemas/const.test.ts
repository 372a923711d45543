// rules/schemas/const.ts: a const set narrows, dropped widens, changed breaks both.
import { expect, it } from 'vitest';
import { compare, edited, READ, SEND, shared, verdicts } from '../harness.ts';

const open = shared({ type: 'string' });
const fixed = (value: string) =>
  edited(open, (d) => Object.assign(d.components.schemas.Shared, { const: value }));

it('set, dropped, changed', () => {
  expect(verdicts(compare(open, fixed('x')))).toEqual({
    [SEND]: ['const-changed:breaking'],
    [READ]: ['const-changed:info'],
  });
  expect(verdicts(compare(fixed('x'), open))).toEqual({
    [SEND]: ['const-changed:info'],
    [READ]: ['const-changed:breaking'],
  });
  expect(verdicts(compare(fixed('x'), fixed('y')))).toEqual({
    [SEND]: ['const-changed:breaking'],
    [READ]: ['const-changed:breaking'],
  });
});
