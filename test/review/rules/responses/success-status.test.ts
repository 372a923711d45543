// rules/responses/success-status.ts: a success status added, rated by openapi-fetch's `data` type. The same
// verdicts are proved against the generated client itself in test/review/success-status-types.test.ts.
import { expect, it } from 'vitest';
import { compare, operation, SEND, verdicts } from '../harness.ts';

const json = (schema: unknown) => ({ description: 'x', content: { 'application/json': { schema } } });
const card = { type: 'object', properties: { id: { type: 'string' } } };
const base = operation({ responses: { '200': json(card) } });
const plus = (status: string, response: unknown) =>
  operation({ responses: { '200': json(card), [status]: response } });

it.each([
  ['201 with the same body', '201', json(structuredClone(card)), 'non-breaking'],
  [
    '201 with another body',
    '201',
    json({ type: 'object', properties: { ticket: { type: 'string' } } }),
    'breaking',
  ],
  ['204 without a body beside a 200 with one', '204', { description: 'none' }, 'breaking'],
  ['226 (not a status the client types `data` from)', '226', json({ type: 'string' }), 'non-breaking'],
])('%s: %s', (_name, status, response, level) => {
  expect(verdicts(compare(base, plus(status, response)))).toEqual({
    [SEND]: [`response-success-status-added:${level}`],
  });
});

it('a 204 beside a 200 that has no body either: non-breaking', () => {
  const empty = operation({ responses: { '200': { description: 'x' } } });
  expect(
    verdicts(
      compare(empty, operation({ responses: { '200': { description: 'x' }, '204': { description: 'y' } } })),
    ),
  ).toEqual({ [SEND]: ['response-success-status-added:non-breaking'] });
});
