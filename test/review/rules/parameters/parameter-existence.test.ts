// rules/parameters/existence.ts: a required parameter added or any removed breaks; an optional one added
// is an addition; moved from query to header is removed and added.
import { expect, it } from 'vitest';
import { compare, operation, SEND, verdicts } from '../harness.ts';

const param = (name: string, place: string, required = false) => ({
  name,
  in: place,
  required,
  schema: { type: 'string' },
});
const op = (...parameters: unknown[]) => operation({ parameters });

it('added: required breaking, optional non-breaking; removed: breaking', () => {
  expect(verdicts(compare(op(), op(param('a', 'query', true))))).toEqual({
    [SEND]: ['parameter-added:breaking'],
  });
  expect(verdicts(compare(op(), op(param('a', 'query'))))).toEqual({
    [SEND]: ['parameter-added:non-breaking'],
  });
  const removed = compare(op(param('a', 'query')), op());
  expect(verdicts(removed)).toEqual({ [SEND]: ['parameter-removed:breaking'] });
  expect(removed[0]?.oasdiff).toBe('request-parameter-removed');
});

it('moved from query to header: one removed, one added', () => {
  expect(verdicts(compare(op(param('a', 'query')), op(param('a', 'header'))))).toEqual({
    [SEND]: ['parameter-removed:breaking', 'parameter-added:non-breaking'],
  });
});

it('moved between the path item and its operation: nothing', () => {
  const base = op(param('a', 'query'));
  const moved = structuredClone(base);
  moved.paths['/send'].parameters = moved.paths['/send'].post.parameters;
  delete moved.paths['/send'].post.parameters;
  expect(compare(base, moved)).toEqual([]);
});
