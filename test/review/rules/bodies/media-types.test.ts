// rules/bodies/media-types.ts: media types paired by meaning; removed breaks, added does not; ranges.
import { expect, it } from 'vitest';
import { compare, operation, SEND, verdicts } from '../harness.ts';

const body = (...types: string[]) =>
  operation({
    requestBody: { content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string' } }])) },
  });

it('the same media type spelled otherwise: nothing', () => {
  expect(compare(body('application/json'), body('Application/JSON; charset=UTF-8'))).toEqual([]);
  expect(
    compare(
      body('text/plain; format=flowed; charset=us-ascii'),
      body('text/plain;charset="us-ascii";format=flowed'),
    ),
  ).toEqual([]);
});

it('a charset that means something else: another media type', () => {
  expect(verdicts(compare(body('text/plain; charset=utf-8'), body('text/plain; charset=latin1')))).toEqual({
    [SEND]: ['media-type-removed:breaking', 'media-type-added:non-breaking'],
  });
});

it('removed: breaking; added: non-breaking', () => {
  expect(verdicts(compare(body('application/json', 'application/xml'), body('application/json')))).toEqual({
    [SEND]: ['media-type-removed:breaking'],
  });
  expect(verdicts(compare(body('application/json'), body('application/json', 'application/xml')))).toEqual({
    [SEND]: ['media-type-added:non-breaking'],
  });
});

it('a range narrowed to one of its types: breaks senders; a type widened to a range: not for them', () => {
  expect(verdicts(compare(body('image/*'), body('image/png')))).toEqual({
    [SEND]: ['media-type-narrowed:breaking'],
  });
  expect(verdicts(compare(body('image/png'), body('image/*')))).toEqual({
    [SEND]: ['media-type-widened:info'],
  });
});
