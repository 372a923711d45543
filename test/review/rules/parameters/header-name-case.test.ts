// rules/parameters/header-name-case.ts: a header parameter renamed only in case: the same wire, a new key
// for the generated client: non-breaking.
import { expect, it } from 'vitest';
import { compare, operation, SEND, verdicts } from '../harness.ts';

const op = (name: string) =>
  operation({ parameters: [{ name, in: 'header', required: true, schema: { type: 'string' } }] });

it('x-account-id → X-Account-Id: one non-breaking finding', () => {
  expect(verdicts(compare(op('x-account-id'), op('X-Account-Id')))).toEqual({
    [SEND]: ['header-name-case-changed:non-breaking'],
  });
});
