// Values generated from schemas where the contract shows no example: each accepted by its schema (patterns,
// formats, bounds, allOf, oneOf with a discriminator), and a parameter without an example given one its
// pattern accepts.
import { parameterValues, validValue } from '@banking-api/conformance';
import type { Operation } from '@banking-api/contract';
import { conforms } from '@banking-api/contract/validators';
import { describe, expect, it } from 'vitest';
import { model } from './harness.ts';

const schemas = {
  pattern: { type: 'string', pattern: '^[A-Z]{2}[0-9]{6}$' },
  formatAndPattern: { type: 'string', format: 'date-time', pattern: '^\\d{4}-\\d{2}-\\d{2}T.*Z$' },
  bounded: { type: 'integer', minimum: 10, maximum: 20, multipleOf: 5 },
  exclusive: { type: 'number', exclusiveMinimum: 0 },
  lengths: { type: 'string', minLength: 20, maxLength: 25 },
  allOf: {
    allOf: [
      { type: 'object', required: ['a'], properties: { a: { type: 'string', format: 'uuid' } } },
      { type: 'object', required: ['b'], properties: { b: { type: 'integer', minimum: 3 } } },
    ],
  },
  oneOf: {
    oneOf: [
      {
        type: 'object',
        required: ['kind', 'cpf'],
        properties: { kind: { const: 'person' }, cpf: { type: 'string', pattern: '^[0-9]{11}$' } },
      },
      {
        type: 'object',
        required: ['kind', 'cnpj'],
        properties: { kind: { const: 'company' }, cnpj: { type: 'string', pattern: '^[0-9]{14}$' } },
      },
    ],
    discriminator: { propertyName: 'kind' },
  },
  nested: {
    type: 'object',
    required: ['items'],
    properties: { items: { type: 'array', minItems: 2, items: { type: 'string', enum: ['X', 'Y'] } } },
  },
};

describe('values generated from schemas', () => {
  it.each(Object.entries(schemas))('%s: the schema accepts the value', (_, schema) => {
    expect(conforms(schema, validValue(schema, 7))).toBe(true);
  });

  it('fills a path parameter without an example with a value its pattern accepts', () => {
    const [base] = model.operations.filter((o) => o.parameters.some((p) => p.in === 'path')) as [Operation];
    const parameter = base.parameters.find((p) => p.in === 'path');
    if (!parameter) throw new Error('a path parameter');
    const op: Operation = {
      ...base,
      parameters: base.parameters.map((p) =>
        p === parameter
          ? { ...p, examples: [], schema: { type: 'string', pattern: '^rec_[0-9a-f]{8}$' } }
          : p,
      ),
    };
    const value = parameterValues(op, { idempotency: 'example' }).path[parameter.name];
    expect(value).toMatch(/^rec_[0-9a-f]{8}$/);
  });

  it('makes no value for a pattern it cannot generate from (a lookahead) or whose matches are huge, and does not throw', () => {
    expect(() => validValue({ type: 'string', pattern: '^(?=.*[0-9])[a-z0-9]{8}$' })).not.toThrow();
    const huge = validValue({ type: 'string', pattern: '^a{100000}$' });
    expect(typeof huge === 'string' && huge.length < 100_000).toBe(true);
  });
});
