// rules/responses/response-headers.ts: response headers removed or made optional break readers; added does not;
// a shared header component lands on every operation using it; a name in another case is info.
import { expect, it } from 'vitest';
import { compare, type Doc, edited, operation, SEND, verdicts } from '../harness.ts';

const base = operation(
  {
    responses: { '200': { description: 'OK', headers: { 'X-Rate': { $ref: '#/components/headers/Rate' } } } },
  },
  { components: { headers: { Rate: { required: true, schema: { type: 'integer' } } } } },
);
const response = (d: Doc) => d.paths['/send'].post.responses['200'];

it('removed: breaking; made optional: breaking; added: non-breaking', () => {
  expect(
    verdicts(
      compare(
        base,
        edited(base, (d) => delete response(d).headers),
      ),
    ),
  ).toEqual({ [SEND]: ['response-header-removed:breaking'] });
  expect(
    verdicts(
      compare(
        base,
        edited(base, (d) => (d.components.headers.Rate.required = false)),
      ),
    ),
  ).toEqual({ [SEND]: ['response-header-became-optional:breaking'] });
  expect(
    verdicts(
      compare(
        base,
        edited(base, (d) => (response(d).headers.Trace = { schema: { type: 'string' } })),
      ),
    ),
  ).toEqual({ [SEND]: ['response-header-added:non-breaking'] });
});

it("the shared header's schema widened: breaking for its reader", () => {
  expect(
    verdicts(
      compare(
        base,
        edited(base, (d) => (d.components.headers.Rate.schema = { type: 'number' })),
      ),
    ),
  ).toEqual({ [SEND]: ['schema-type-changed:breaking'] });
});

it('renamed only in case: info', () => {
  const head = edited(base, (d) => {
    response(d).headers['x-rate'] = response(d).headers['X-Rate'];
    delete response(d).headers['X-Rate'];
  });
  expect(verdicts(compare(base, head))).toEqual({ [SEND]: ['header-name-case-changed:info'] });
});

it('description changed: info, named and pointed at', () => {
  const head = edited(base, (d) => {
    d.components.headers.Rate.description = 'Requests left';
  });
  const [finding, ...rest] = compare(base, head);
  expect(rest).toEqual([]);
  expect(finding).toMatchObject({
    rule: 'documentation-changed',
    level: 'info',
    message: 'Response `200` header `X-Rate`: Changed `description` of the header.',
    location: { pointer: '#/components/headers/Rate/description' },
  });
});
