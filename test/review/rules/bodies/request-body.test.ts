// rules/bodies/request-body.ts: removed, added, made required or optional.
import { expect, it } from 'vitest';
import { compare, operation, SEND, verdicts } from '../harness.ts';

const body = (required?: boolean) =>
  operation({
    requestBody: {
      ...(required !== undefined && { required }),
      content: { 'application/json': { schema: { type: 'object' } } },
    },
  });

it('removed: breaking; added required: breaking; added optional: non-breaking', () => {
  expect(verdicts(compare(body(), operation({})))).toEqual({ [SEND]: ['request-body-removed:breaking'] });
  expect(verdicts(compare(operation({}), body(true)))).toEqual({ [SEND]: ['request-body-added:breaking'] });
  expect(verdicts(compare(operation({}), body(false)))).toEqual({
    [SEND]: ['request-body-added:non-breaking'],
  });
});

it('made required: breaking; optional: non-breaking', () => {
  expect(verdicts(compare(body(false), body(true)))).toEqual({
    [SEND]: ['request-body-became-required:breaking'],
  });
  expect(verdicts(compare(body(true), body()))).toEqual({
    [SEND]: ['request-body-became-optional:non-breaking'],
  });
});

it('description changed: info, named and pointed at', () => {
  const described = (description: string) =>
    operation({
      requestBody: { description, content: { 'application/json': { schema: { type: 'object' } } } },
    });
  const [finding, ...rest] = compare(described('a'), described('b'));
  expect(rest).toEqual([]);
  expect(finding).toMatchObject({
    rule: 'documentation-changed',
    level: 'info',
    message: 'Request body: Changed `description` of the request body.',
    location: { pointer: '#/paths/~1send/post/requestBody/description' },
  });
});
