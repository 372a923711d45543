// Reading the model's schemas through their references: a `$ref` followed (chains, sibling keys over the
// target), a property found through compositions, what a schema holds, all it reaches (a cycle ends), and
// validation through the table, two models' tables apart though their pointers are alike.
import {
  isFreeFormSchema,
  type JsonSchema,
  linkSchemas,
  propertySchema,
  reachableSchemas,
  resolveSchema,
  subschemas,
} from '@banking-api/contract';
import { conforms, isFreeForm, violationLines } from '@banking-api/contract/validators';
import { describe, expect, it } from 'vitest';

/** A model's schemas as the loader makes them: a table, and schemas linked to it. */
function linked(table: Record<string, JsonSchema>, ...schemas: JsonSchema[]): void {
  for (const schema of [...Object.values(table), ...schemas]) linkSchemas(schema, table);
}

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

describe('resolveSchema', () => {
  it('follows a reference, a chain of them, and puts sibling keys over the target', () => {
    const table = {
      '#/components/schemas/A': ref('B'),
      '#/components/schemas/B': { type: 'string', title: 'B' },
    };
    const direct = ref('A');
    const described = { ...ref('B'), description: 'the b' };
    linked(table, direct, described);
    expect(resolveSchema(direct)).toBe(table['#/components/schemas/B']);
    expect(resolveSchema(described)).toEqual({ type: 'string', title: 'B', description: 'the b' });
    expect(resolveSchema(described)).toBe(resolveSchema(described)); // one object per reference
  });

  it('gives back a schema that is no reference, or that names nothing it knows (an unlinked copy)', () => {
    const plain = { type: 'integer' };
    expect(resolveSchema(plain)).toBe(plain);
    const copy = structuredClone(ref('A'));
    expect(resolveSchema(copy)).toBe(copy);
    expect(resolveSchema(undefined)).toBeUndefined();
  });

  it('stops on a loop of references', () => {
    const table = { '#/components/schemas/A': ref('B'), '#/components/schemas/B': ref('A') };
    const start = ref('A');
    linked(table, start);
    expect(resolveSchema(start).$ref).toMatch(/#\/components\/schemas\/[AB]/);
  });
});

describe('what a schema holds', () => {
  const tree: JsonSchema = {
    type: 'object',
    properties: { name: { type: 'string' }, kids: { type: 'array', items: ref('Tree') } },
    allOf: [{ required: ['name'] }],
    additionalProperties: false,
  };
  const table = { '#/components/schemas/Tree': tree };
  linked(table);

  it('lists its subschemas with their keywords, not the values of other keywords', () => {
    const withData = {
      ...tree,
      example: { properties: { x: { $ref: 'not a schema' } } },
      enum: [{ type: 'x' }],
    };
    expect(
      subschemas(withData).map(([keyword, key]) => `${keyword}${key === undefined ? '' : `:${key}`}`),
    ).toEqual(['properties:name', 'properties:kids', 'allOf:0']);
  });

  it('reaches each schema once, through references, so a recursive one ends', () => {
    const root = ref('Tree');
    linked(table, root);
    const reached = reachableSchemas(root);
    expect(reached[0]).toBe(tree);
    // Tree, its name, its kids, its allOf member; the kids' items are Tree again, not reached twice.
    expect(reached).toHaveLength(4);
  });

  it('finds a property through references and compositions', () => {
    const event = { allOf: [ref('Event'), { properties: { kind: { type: 'string' } } }] };
    const events = { '#/components/schemas/Event': event };
    const holder = { anyOf: [ref('Event')] };
    linked(events, holder);
    expect(propertySchema(holder, 'kind')).toEqual({ type: 'string' });
    expect(propertySchema(holder, 'none')).toBeUndefined();
    const root = ref('Tree');
    linked(table, root);
    expect(propertySchema(root, 'kids')).toBe((tree.properties as Record<string, JsonSchema>).kids);
  });

  it('tells a free-form schema through its reference', () => {
    const free = { '#/components/schemas/Any': { description: 'any JSON' } };
    const any = ref('Any');
    linked(free, any);
    expect(isFreeFormSchema(any)).toBe(true);
    expect(isFreeForm(any)).toBe(true);
    expect(isFreeForm(ref('Tree'))).toBe(false);
  });
});

describe('validation through the table', () => {
  it('judges a recursive schema at any depth', () => {
    const node: JsonSchema = {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, next: ref('Node') },
    };
    const table = { '#/components/schemas/Node': node };
    const root = ref('Node');
    linked(table, root);
    let deep: Record<string, unknown> = { name: 'last' };
    for (let i = 0; i < 50; i++) deep = { name: `n${i}`, next: deep };
    expect(conforms(root, deep)).toBe(true);
    expect(violationLines(root, { name: 'a', next: { next: {} } })).toContain(
      "/next must have required property 'name'",
    );
  });

  it("keeps two models' tables apart, though their pointers are the same", () => {
    const one = { '#/components/schemas/Id': { type: 'string' } };
    const two = { '#/components/schemas/Id': { type: 'integer' } };
    const [a, b] = [{ properties: { id: ref('Id') } }, { properties: { id: ref('Id') } }];
    linked(one, a);
    linked(two, b);
    expect([conforms(a, { id: 'x' }), conforms(a, { id: 1 })]).toEqual([true, false]);
    expect([conforms(b, { id: 'x' }), conforms(b, { id: 1 })]).toEqual([false, true]);
  });

  it('follows a pointer that needs escaping (a path template, a name with a slash)', () => {
    const table = {
      '#/paths/~1items~1%7Bid%7D/get/x': { type: 'boolean' },
      '#/components/schemas/a~1b': { type: 'number' },
    };
    const schema = {
      properties: {
        flag: { $ref: '#/paths/~1items~1%7Bid%7D/get/x' },
        n: { $ref: '#/components/schemas/a~1b' },
      },
    };
    linked(table, schema);
    expect(conforms(schema, { flag: true, n: 1 })).toBe(true);
    expect(conforms(schema, { flag: 1 })).toBe(false);
    expect(conforms(schema, { n: 'x' })).toBe(false);
  });
});
