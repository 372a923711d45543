// rules/bodies/media-schema.ts: a schema set on a media type that had none narrows; dropped widens.
import { expect, it } from 'vitest';
import { compare, operation, SEND, verdicts } from '../harness.ts';

const body = (schema?: unknown) =>
  operation({ requestBody: { content: { 'application/json': schema === undefined ? {} : { schema } } } });

it('set: breaking for senders; dropped: info for them', () => {
  expect(verdicts(compare(body(), body({ type: 'object' })))).toEqual({
    [SEND]: ['media-schema-changed:breaking'],
  });
  expect(verdicts(compare(body({ type: 'object' }), body()))).toEqual({
    [SEND]: ['media-schema-changed:info'],
  });
});
