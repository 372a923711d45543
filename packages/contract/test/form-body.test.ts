// urlencoded bodies written and read by the contract's schema and encoding: verify writes them, the mock
// reads them, and the two must agree (a round trip over generated values), reading hostile text safely.
import {
  decodeForm,
  encodeForm,
  FORM_LIMITS,
  FormBodyError,
  type JsonSchema,
  type MediaType,
} from '@banking-api/contract';
import { conforms } from '@banking-api/contract/validators';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linearGrowth } from '../../../test/support/growth.ts';

const optional = (schema: object) => ({ anyOf: [schema, { type: 'string', enum: [''] }] });
const deep = { style: 'deepObject', explode: true } as const;

/** A Stripe-like form: nested fields behind `anyOf`, lists of objects, deepObject encoding. */
const stripeLike: MediaType = {
  mediaType: 'application/x-www-form-urlencoded',
  examples: [],
  styles: { address: deep, invoice_settings: deep, expand: deep, metadata: deep },
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      name: { type: 'string', maxLength: 256 },
      balance: { type: 'integer' },
      tax_exempt: { type: 'boolean' },
      off_session: { anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['one_off', 'recurring'] }] },
      tags: { type: 'array', items: { type: 'string' } },
      address: optional({
        type: 'object',
        properties: { city: { type: 'string' }, line1: { type: 'string' } },
      }),
      expand: { type: 'array', items: { type: 'string', maxLength: 5000 } },
      metadata: optional({ type: 'object', additionalProperties: { type: 'string' } }),
      invoice_settings: {
        type: 'object',
        properties: {
          custom_fields: optional({
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'value'],
              properties: { name: { type: 'string' }, value: { type: 'string' } },
            },
          }),
        },
      },
    },
  },
};

describe('urlencoded forms', () => {
  it('writes nested fields as deepObject, lists of objects by index, exploded lists by repetition', () => {
    const text = encodeForm(stripeLike, {
      name: 'Ana Souza',
      balance: -120,
      tags: ['a', 'b'],
      invoice_settings: { custom_fields: [{ name: 'PO', value: '7' }] },
      expand: ['default_source'],
    });
    expect(decodeURIComponent(text)).toBe(
      'name=Ana Souza&balance=-120&tags=a&tags=b&invoice_settings[custom_fields][0][name]=PO&' +
        'invoice_settings[custom_fields][0][value]=7&expand[0]=default_source',
    );
  });

  it('reads back types the schema asks for, and alternatives by the shape of what came', () => {
    const read = decodeForm(
      stripeLike,
      'balance=12&tax_exempt=true&address=&metadata[order]=42&expand[]=a&expand[]=b&name=1',
    );
    expect(read).toEqual({
      balance: 12,
      tax_exempt: true,
      address: '',
      metadata: { order: '42' },
      expand: ['a', 'b'],
      name: '1',
    });
    expect(conforms(stripeLike.schema as JsonSchema, read)).toBe(true);
  });

  it('a nested required field left out is seen missing; a value the type cannot take stays text', () => {
    const missing = decodeForm(stripeLike, 'invoice_settings[custom_fields][0][name]=PO');
    expect(conforms(stripeLike.schema as JsonSchema, missing)).toBe(false);
    expect(decodeForm(stripeLike, 'balance=twelve')).toEqual({ balance: 'twelve' });
    expect(decodeForm(stripeLike, 'balance=1.5')).toEqual({ balance: 1.5 }); // the schema refuses it
  });

  it('text takes the first alternative that allows it: a boolean, or a string of the enum', () => {
    expect(decodeForm(stripeLike, 'off_session=true')).toEqual({ off_session: true });
    expect(decodeForm(stripeLike, 'off_session=one_off')).toEqual({ off_session: 'one_off' });
    const other = decodeForm(stripeLike, 'off_session=sometimes');
    expect(other).toEqual({ off_session: 'sometimes' });
    expect(conforms(stripeLike.schema as JsonSchema, other)).toBe(false);
  });

  it('form style without explode joins a list with its delimiter', () => {
    const media: MediaType = {
      ...stripeLike,
      styles: { tags: { style: 'pipeDelimited', explode: false } },
    };
    expect(encodeForm(media, { tags: ['a', 'b c'] })).toBe('tags=a%7Cb%20c');
    expect(decodeForm(media, 'tags=a%7Cb+c')).toEqual({ tags: ['a', 'b c'] });
  });

  it('what verify writes, the mock reads as the same value (fast-check round trip)', () => {
    const word = fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !/^\d+$/.test(s));
    const body = fc.record(
      {
        name: word,
        balance: fc.integer(),
        tax_exempt: fc.boolean(),
        off_session: fc.oneof(fc.boolean(), fc.constantFrom('one_off', 'recurring')),
        tags: fc.array(word, { minLength: 1, maxLength: 3 }),
        address: fc.record({ city: word, line1: word }, { requiredKeys: ['city'] }),
        metadata: fc.dictionary(
          word.filter((k) => !k.includes('[') && !k.includes(']')),
          word,
          { minKeys: 1, maxKeys: 3 },
        ),
        invoice_settings: fc.record({
          custom_fields: fc.array(fc.record({ name: word, value: word }), { minLength: 1, maxLength: 3 }),
        }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, (value) => {
        expect(decodeForm(stripeLike, encodeForm(stripeLike, value))).toEqual(value);
      }),
      { seed: 20261128, numRuns: 200 },
    );
  });

  it('hostile text: own properties only, bounded depth and field count, malformed escapes kept', () => {
    const read = decodeForm(stripeLike, '__proto__[polluted]=1&metadata[__proto__]=x&name=%E0%A4%A');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(read, '__proto__')).toBe(true);
    expect(read.name).toBe('%E0%A4%A');
    const tooDeep = `a${'[x]'.repeat(FORM_LIMITS.depth + 1)}=1`;
    expect(() => decodeForm(stripeLike, tooDeep)).toThrow(FormBodyError);
    const tooMany = Array.from({ length: FORM_LIMITS.pairs + 1 }, (_, i) => `f${i}=1`).join('&');
    expect(() => decodeForm(stripeLike, tooMany)).toThrow(FormBodyError);
    expect(decodeForm(stripeLike, 'metadata[k]=1&metadata[999999999]=2')).toEqual({
      metadata: { k: '1', '999999999': '2' },
    });
  });

  it('reads in time linear in the text (long values, long keys, long numbers)', () => {
    for (const make of [
      (n: number) => `name=${'a'.repeat(n)}`,
      (n: number) => `balance=${'1'.repeat(n)}x`,
      (n: number) => `metadata[${'['.repeat(n)}]=1`,
    ]) {
      const growth = linearGrowth(make, (text) => decodeForm(stripeLike, text), 2_000);
      expect(growth.ratio, growth.summary).toBeLessThan(growth.limit);
    }
  });
});
