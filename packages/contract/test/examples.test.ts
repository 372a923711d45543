// Example requests from the contract's examples: what verify, the engine, the docs samples and try-it send.
import {
  contractModel,
  exampleRequest,
  fillPath,
  type Operation,
  type Parameter,
  parameterExample,
} from '@banking-api/contract';
import { conforms } from '@banking-api/contract/validators';
import { describe, expect, it } from 'vitest';

const model = contractModel();
const param = (p: Partial<Parameter>): Parameter => ({
  name: 'id',
  in: 'path',
  required: true,
  examples: [],
  ...p,
});

describe('example requests', () => {
  it('a parameter’s example: its named example, else its schema’s, else none', () => {
    expect(
      parameterExample(param({ examples: [{ name: 'a', value: 'named' }], schema: { example: 's' } })),
    ).toBe('named');
    expect(parameterExample(param({ schema: { example: 's' } }))).toBe('s');
    expect(parameterExample(param({ schema: { examples: ['first'] } }))).toBe('first');
    expect(parameterExample(param({}))).toBeUndefined();
  });

  it('fills every path parameter, escaped as one segment, and leaves unknown ones as written', () => {
    expect(fillPath('/a/{id}/b/{x}', { id: 'p/q r' })).toBe('/a/p%2Fq%20r/b/{x}');
  });

  it('for every operation: path parameters filled, the account header when required, a body its schema accepts', () => {
    for (const op of model.operations as Operation[]) {
      const request = exampleRequest(op);
      for (const p of op.parameters.filter((q) => q.in === 'path'))
        expect(request.path, op.key).toHaveProperty(p.name);
      if (op.accountHeader) expect(request.header, op.key).toHaveProperty('x-account-id');
      if (op.requestBody?.required) expect(request.body, op.key).toBeDefined();
      const { body } = request;
      if (body?.media.schema && body.media.mediaType === 'application/json')
        expect(conforms(body.media.schema, body.value), op.key).toBe(true);
    }
  });
});
