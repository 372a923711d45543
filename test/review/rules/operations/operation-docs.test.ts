// rules/operations/documentation.ts: summary, description, tags, deprecation of an operation: info.
import { expect, it } from 'vitest';
import { compare, edited, operation, SEND, verdicts } from '../harness.ts';

it('a description changed and the operation deprecated: info', () => {
  const base = operation({ description: 'a' });
  const head = edited(base, (d) =>
    Object.assign(d.paths['/send'].post, { description: 'b', deprecated: true }),
  );
  expect(verdicts(compare(base, head))).toEqual({
    [SEND]: ['documentation-changed:info', 'deprecated-changed:info'],
  });
});
