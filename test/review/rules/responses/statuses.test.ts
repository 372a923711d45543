// rules/responses/statuses.ts: statuses removed, covered by a range or default, narrowed, added.
import { expect, it } from 'vitest';
import { compare, operation, SEND, verdicts } from '../harness.ts';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const error = json({ type: 'object', properties: { code: { type: 'string' } } });
const responses = (r: Record<string, unknown>) => operation({ responses: r });

it('a status removed: breaking; covered by default with the same body: info', () => {
  const base = responses({
    '200': { description: 'OK' },
    '404': { description: 'x', ...error },
    default: { description: 'y', ...error },
  });
  expect(
    verdicts(
      compare(base, responses({ '200': { description: 'OK' }, default: { description: 'y', ...error } })),
    ),
  ).toEqual({ [SEND]: ['response-covered-by-default:info'] });
  expect(
    verdicts(
      compare(base, responses({ '200': { description: 'OK' }, '404': { description: 'x', ...error } })),
    ),
  ).toEqual({ [SEND]: ['response-removed:breaking'] });
});

it('covered by a default with another body: the body compared', () => {
  const base = responses({
    '404': { description: 'x', ...error },
    default: { description: 'y', ...json({ type: 'string' }) },
  });
  const head = responses({ default: { description: 'y', ...json({ type: 'string' }) } });
  expect(verdicts(compare(base, head))[SEND]).toEqual([
    'response-covered-by-default:info',
    'schema-type-changed:breaking',
  ]);
});

it('a range narrowed to a code inside it with the same response: nothing; an error status added: non-breaking', () => {
  const range = responses({ '2XX': { description: 'OK', ...json({ type: 'string' }) } });
  expect(compare(range, responses({ '200': { description: 'OK', ...json({ type: 'string' }) } }))).toEqual(
    [],
  );
  expect(
    verdicts(
      compare(
        range,
        responses({ '2XX': { description: 'OK', ...json({ type: 'string' }) }, '409': { description: 'x' } }),
      ),
    ),
  ).toEqual({ [SEND]: ['response-added:non-breaking'] });
});
