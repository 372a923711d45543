// The one ajv set-up: OpenAPI's descriptive formats pass, real formats are checked, a schema compiles once;
// a request or a response is judged in its direction (a required readOnly/writeOnly property may be absent).
import { type JsonSchema, linkSchemas } from '@banking-api/contract';
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

  describe('by direction', () => {
    /** A model's schemas as the loader makes them: a table, and schemas linked to it. */
    const linked = (table: Record<string, JsonSchema>, schema: JsonSchema): JsonSchema => {
      for (const s of [...Object.values(table), schema]) linkSchemas(s, table);
      return schema;
    };
    const account: JsonSchema = {
      type: 'object',
      required: ['id', 'name', 'secret'],
      properties: {
        id: { type: 'string', readOnly: true },
        name: { type: 'string' },
        secret: { type: 'string', writeOnly: true },
      },
    };

    it('a request may lack a required readOnly property, a response a required writeOnly one', () => {
      expect(conforms(account, { name: 'a', secret: 's' }, 'request')).toBe(true);
      expect(conforms(account, { id: '1', secret: 's' }, 'request')).toBe(false);
      expect(conforms(account, { id: '1', name: 'a' }, 'request')).toBe(false);
      expect(conforms(account, { id: '1', name: 'a' }, 'response')).toBe(true);
      expect(violationLines(account, { name: 'a' }, 'response')).toEqual([
        "/ must have required property 'id'",
      ]);
    });

    it('without a direction, every required property is required', () => {
      expect(conforms(account, { name: 'a', secret: 's' })).toBe(false);
      expect(conforms(account, { id: '1', name: 'a' })).toBe(false);
      expect(violationsOf(account, { id: 1, name: 'a', secret: 's' }, 'request')[0]?.at).toBe('/id');
    });

    it('reads the mark through a $ref, inside the table and in a recursive schema', () => {
      const table: Record<string, JsonSchema> = {
        '#/components/schemas/Id': { type: 'string', readOnly: true },
        '#/components/schemas/Node': {
          type: 'object',
          required: ['id', 'label'],
          properties: {
            id: { $ref: '#/components/schemas/Id' },
            label: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
          },
        },
      };
      const tree = linked(table, { $ref: '#/components/schemas/Node' });
      const sent = { label: 'root', children: [{ label: 'leaf', children: [{ label: 'deep' }] }] };
      expect(conforms(tree, sent, 'request')).toBe(true);
      expect(conforms(tree, sent, 'response')).toBe(false);
      expect(conforms(tree, sent)).toBe(false);
      expect(conforms(tree, { label: 'root', children: [{ id: 'x' }] }, 'request')).toBe(false);
    });

    it('a required name declared through allOf keeps its mark', () => {
      const table: Record<string, JsonSchema> = {
        '#/components/schemas/Base': {
          type: 'object',
          properties: { id: { type: 'string', readOnly: true } },
        },
      };
      const schema = linked(table, {
        allOf: [{ $ref: '#/components/schemas/Base' }],
        required: ['id', 'name'],
        properties: { name: { type: 'string' } },
      });
      expect(conforms(schema, { name: 'a' }, 'request')).toBe(true);
      expect(conforms(schema, { name: 'a' }, 'response')).toBe(false);
    });

    it('compiles a schema whose allOf names itself', () => {
      const table: Record<string, JsonSchema> = {
        '#/components/schemas/Loop': {
          allOf: [{ $ref: '#/components/schemas/Loop' }],
          required: ['id'],
          properties: { id: { type: 'string', readOnly: true } },
        },
      };
      // Validating such a schema recurses without end in ajv (in any direction): its compilation must end.
      const loop = linked(table, { $ref: '#/components/schemas/Loop' });
      expect(typeof validatorOf(loop, 'request')).toBe('function');
    });

    it('a schema that only names a table schema shares its validator, in each direction', () => {
      const table: Record<string, JsonSchema> = { '#/components/schemas/Account': account };
      const [a, b] = [1, 2].map(() => linked(table, { $ref: '#/components/schemas/Account' })) as [
        JsonSchema,
        JsonSchema,
      ];
      expect(validatorOf(a)).toBe(validatorOf(b));
      expect(validatorOf(a, 'request')).toBe(validatorOf(b, 'request'));
      expect(conforms(a, { name: 'a' }, 'request')).toBe(false); // secret is required of a request
      expect(conforms(b, { name: 'a', secret: 's' }, 'request')).toBe(true);
      expect(conforms(b, { name: 'a', secret: 's' })).toBe(false); // every one required without a direction
    });

    it('compiles each schema once per direction', () => {
      expect(validatorOf(account, 'request')).toBe(validatorOf(account, 'request'));
      expect(validatorOf(account, 'request')).not.toBe(validatorOf(account));
      const unmarked: JsonSchema = { type: 'object', required: ['a'] };
      expect(validatorOf(unmarked, 'response')).toBe(validatorOf(unmarked));
    });
  });
});
