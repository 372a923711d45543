// A list or object query parameter travels as the contract styles it (Stripe's required deepObject `scope`
// as `scope[type]=account`), not as JSON text a server would read as one string; and a case that leaves it
// out leaves out every key it travels as.
import { coveragePlan, requestFor } from '@banking-api/conformance';
import type { JsonSchema, Operation, Parameter } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';

const query = (name: string, schema: JsonSchema, extra: Partial<Parameter> = {}): Parameter => ({
  name,
  in: 'query',
  required: true,
  schema,
  examples: [],
  ...extra,
});

const op = (parameters: Parameter[]): Operation =>
  ({
    key: 'GET /v1/apps/secrets',
    method: 'GET',
    path: '/v1/apps/secrets',
    operationId: 'GetAppsSecrets',
    summary: '',
    tags: [],
    parameters,
    responses: [{ status: '200', description: 'ok', content: [], headers: [] }],
    security: [],
    accountHeader: false,
    gaps: [],
    components: [],
  }) as unknown as Operation;

const scope = query(
  'scope',
  { type: 'object', required: ['type'], properties: { type: { type: 'string', enum: ['account', 'user'] } } },
  { style: 'deepObject', explode: true },
);
const tags = query(
  'tag',
  { type: 'array', items: { type: 'string', enum: ['a'] } },
  { examples: [{ name: 'x', value: ['a', 'a'] }] },
);
const ids = query(
  'ids',
  { type: 'array', items: { type: 'string', enum: ['1'] } },
  {
    style: 'pipeDelimited',
    explode: false,
    examples: [{ name: 'x', value: ['1', '1'] }],
  },
);

describe('styled query parameters', () => {
  it('deepObject as bracketed keys, a form list exploded, a delimited list joined', () => {
    const { path } = requestFor(op([scope, tags, ids]));
    const sent = [...new URL(`https://x${path}`).searchParams];
    expect(sent).toEqual([
      ['scope[type]', 'account'],
      ['tag', 'a'],
      ['tag', 'a'],
      ['ids', '1|1'],
    ]);
  });

  it('the required case leaves out every key the parameter travels as', () => {
    const operation = op([scope]);
    const left = coveragePlan(operation).cases.find((c) => c.label === 'query scope left out (required)');
    const probe = left?.apply(requestFor(operation));
    expect(probe?.path).toBe('/v1/apps/secrets');
  });
});
