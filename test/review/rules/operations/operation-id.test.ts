// rules/operations/operation-id.ts: an operationId changed or removed breaks the generated types' name.
import { expect, it } from 'vitest';
import { compare, edited, operation, SEND, verdicts } from '../harness.ts';

it('changed: breaking; given where there was none: non-breaking', () => {
  const base = operation({});
  expect(
    verdicts(
      compare(
        base,
        edited(base, (d) => (d.paths['/send'].post.operationId = 'post')),
      ),
    ),
  ).toEqual({ [SEND]: ['operation-id-changed:breaking'] });
  const none = edited(base, (d) => delete d.paths['/send'].post.operationId);
  expect(verdicts(compare(none, base))).toEqual({ [SEND]: ['operation-id-changed:non-breaking'] });
});
