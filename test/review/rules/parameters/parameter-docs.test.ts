// rules/parameters/documentation.ts: a parameter's description or deprecation: info.
import { expect, it } from 'vitest';
import { compare, operation, SEND, verdicts } from '../harness.ts';

const op = (extra: Record<string, unknown>) =>
  operation({ parameters: [{ name: 'a', in: 'query', schema: { type: 'string' }, ...extra }] });

it('description changed, deprecated: info', () => {
  expect(verdicts(compare(op({ description: 'a' }), op({ description: 'b', deprecated: true })))).toEqual({
    [SEND]: ['documentation-changed:info', 'deprecated-changed:info'],
  });
});
