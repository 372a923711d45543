// rules/responses/response-docs.ts: a response's description: info.
import { expect, it } from 'vitest';
import { compare, operation, SEND, verdicts } from '../harness.ts';

it('description changed: info, named and pointed at', () => {
  const findings = compare(
    operation({ responses: { '204': { description: 'a' } } }),
    operation({ responses: { '204': { description: 'b' } } }),
  );
  expect(verdicts(findings)).toEqual({ [SEND]: ['documentation-changed:info'] });
  expect(findings[0]).toMatchObject({
    message: 'Response `204`: Changed `description` of the response.',
    location: { pointer: '#/paths/~1send/post/responses/204/description' },
  });
});
