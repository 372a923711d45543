// The one ajv set-up: OpenAPI's descriptive formats pass, real formats are checked, a schema compiles once.
import type { JsonSchema } from '@banking-api/contract';
import {
  conforms,
  isFreeForm,
  validatorOf,
  violationLines,
  violationsOf,
} from '@banking-api/contract/validators';
import { describe, expect, it } from 'vitest';

describe('validators', () => {
  it('reports where and what, and nothing for a conforming value', () => {
    const schema: JsonSchema = {
      type: 'object',
      required: ['amount'],
      properties: { amount: { type: 'number' } },
    };
    expect(violationsOf(schema, { amount: 1.5 })).toEqual([]);
    expect(violationLines(schema, { amount: 'x' })).toEqual(['/amount must be number']);
    expect(violationsOf(schema, {})[0]?.at).toBe('/');
  });

  it('checks date and date-time, and takes binary and password as descriptions', () => {
    expect(conforms({ type: 'string', format: 'date' }, '2026-02-30')).toBe(false);
    expect(conforms({ type: 'string', format: 'date-time' }, '2026-11-26T10:00:00.000Z')).toBe(true);
    expect(conforms({ type: 'string', format: 'binary' }, 'anything')).toBe(true);
    expect(conforms({ type: 'string', format: 'password' }, '1234')).toBe(true);
  });

  it('ignores a format it does not know without writing to the terminal (the name is contract text)', () => {
    const written: unknown[] = [];
    const { warn, log, error } = console;
    console.warn = console.log = console.error = (...args: unknown[]) => written.push(args);
    try {
      expect(conforms({ type: 'integer', format: 'unix-time\u001b[31m' }, 3)).toBe(true);
    } finally {
      Object.assign(console, { warn, log, error });
    }
    expect(written).toEqual([]);
  });

  it('compiles each schema object once', () => {
    const schema: JsonSchema = { type: 'string' };
    expect(validatorOf(schema)).toBe(validatorOf(schema));
  });

  it('a schema of descriptions only is free-form', () => {
    expect(isFreeForm({ description: 'any JSON', 'x-note': 1 })).toBe(true);
    expect(isFreeForm({ type: 'object' })).toBe(false);
    expect(isFreeForm(undefined)).toBe(true);
  });
});
