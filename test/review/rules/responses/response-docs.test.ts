// rules/responses/documentation.ts: a response's description: info.
import { expect, it } from 'vitest';
import { compare, operation, SEND, verdicts } from '../harness.ts';

it('description changed: info', () => {
  expect(
    verdicts(
      compare(
        operation({ responses: { '204': { description: 'a' } } }),
        operation({ responses: { '204': { description: 'b' } } }),
      ),
    ),
  ).toEqual({ [SEND]: ['documentation-changed:info'] });
});
