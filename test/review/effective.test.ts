// The review's normalisation (tools/review/effective): media types by meaning, schema views (merged parts,
// $ref siblings by version, nullability, bounds, loops), parameters and operations as they apply; and the
// comparison's work, counted, grows with the documents, not with operations × schemas.
import { describe, expect, it } from 'vitest';
import { compareDocuments } from '../../tools/review/compare/documents.ts';
import { comparisonsMade } from '../../tools/review/compare/schemas.ts';
import { canonicalMediaType, covers } from '../../tools/review/effective/media-meaning.ts';
import { effectiveOperations } from '../../tools/review/effective/operation-view.ts';
import { SideDocument } from '../../tools/review/effective/reader.ts';
import { viewOf, viewsMade } from '../../tools/review/effective/schema-view.ts';
import { compare, type Doc, operation, shared } from './rules/harness.ts';

describe('media types by meaning', () => {
  it.each([
    ['Application/JSON; Charset="UTF-8"', 'application/json'],
    ['application/problem+json;charset=utf-8', 'application/problem+json'],
    ['text/plain; format=flowed; charset=US-ASCII', 'text/plain;charset=us-ascii;format=flowed'],
    ['multipart/form-data; boundary="a b"', 'multipart/form-data;boundary=a b'],
  ])('%s → %s', (raw, canonical) => {
    expect(canonicalMediaType(raw)).toBe(canonical);
  });

  it('a range covers its types and their parameters', () => {
    expect(covers('image/*', 'image/png')).toBe(true);
    expect(covers('*/*', 'text/plain;charset=utf-8')).toBe(true);
    expect(covers('text/*;charset=utf-8', 'text/plain')).toBe(false);
  });
});

const view = (doc: Doc, schema: unknown) =>
  viewOf(new SideDocument(doc, 'head'), [{ node: schema, at: '#/x' }]);
const doc31 = (schemas: Doc) => ({ openapi: '3.1.0', components: { schemas } });

describe('schema views', () => {
  it('merge allOf parts into one schema, properties and required from each', () => {
    const v = view(
      doc31({ Base: { type: 'object', required: ['a'], properties: { a: { type: 'string' } } } }),
      {
        allOf: [
          { $ref: '#/components/schemas/Base' },
          { properties: { b: { type: 'integer', minimum: 0 } }, required: ['b'] },
        ],
      },
    );
    expect([...v.properties.keys()]).toEqual(['a', 'b']);
    expect([...v.required]).toEqual(['a', 'b']);
    expect(v.types).toEqual(new Set(['object']));
    expect(v.allOf).toEqual([]);
  });

  it('keep parts that contradict one another (two patterns) as members', () => {
    const v = view(doc31({}), { allOf: [{ type: 'string', pattern: 'a' }, { pattern: 'b' }] });
    expect(v.allOf).toHaveLength(2);
  });

  it('apply keywords beside a $ref in 3.1, not in 3.0', () => {
    const schemas = { Money: { type: 'number', minimum: 0 } };
    const beside = { $ref: '#/components/schemas/Money', maximum: 10 };
    expect(view(doc31(schemas), beside).upper).toEqual({ value: 10, exclusive: false });
    expect(view({ openapi: '3.0.3', components: { schemas } }, beside).upper).toBeUndefined();
  });

  it("read nullable, type lists and null branches alike; integers' bounds as integers", () => {
    const forms = [
      { type: 'string', nullable: true },
      { type: ['string', 'null'] },
      { anyOf: [{ type: 'null' }, { type: 'string' }] },
    ];
    for (const form of forms)
      expect(view(doc31({}), form)).toMatchObject({ types: new Set(['string']), nullable: true });
    expect(view(doc31({}), { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10.5 })).toMatchObject({
      lower: { value: 1, exclusive: false },
      upper: { value: 10, exclusive: false },
    });
  });

  it('stop at an allOf loop', () => {
    const v = view(doc31({ Loop: { allOf: [{ $ref: '#/components/schemas/Loop' }, { type: 'object' }] } }), {
      $ref: '#/components/schemas/Loop',
    });
    expect(v.types).toEqual(new Set(['object']));
    expect(v.allOf).toHaveLength(1);
  });
});

describe('operations as they apply', () => {
  const doc = {
    openapi: '3.1.0',
    security: [{ bearer: [] }],
    servers: [{ url: 'https://api.example' }],
    paths: {
      '/a/{id}': {
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
        ],
        servers: [{ url: 'https://a.example' }],
        get: {
          parameters: [{ name: 'x-trace', in: 'header', required: true, schema: { type: 'string' } }],
          responses: {},
        },
        post: {
          security: [],
          callbacks: { done: { '{$request.body#/url}': { post: { responses: {} } } } },
          responses: {},
        },
      },
    },
    webhooks: { event: { post: { responses: {} } } },
  };
  const ops = effectiveOperations(new SideDocument(doc, 'head'));

  it('key path operations, webhooks and callbacks, and reverse the last two', () => {
    expect([...ops.keys()]).toEqual([
      'GET /a/{id}',
      'POST /a/{id}',
      'POST callback done {$request.body#/url} of POST /a/{id}',
      'POST webhook event',
    ]);
    expect([...ops.values()].map((op) => op.reversed)).toEqual([false, false, true, true]);
  });

  it("merge path-item parameters, the operation's winning (a header by its name in any case)", () => {
    const get = ops.get('GET /a/{id}');
    expect([...(get?.parameters.keys() ?? [])]).toEqual(['path:{0}', 'header:x-trace']);
    expect(get?.parameters.get('header:x-trace')?.required).toBe(true);
  });

  it("inherit security and servers; a webhook's security is its own", () => {
    expect(ops.get('GET /a/{id}')?.security.alternatives.map((r) => [...r.keys()])).toEqual([['bearer']]);
    expect(ops.get('POST /a/{id}')?.security.alternatives).toEqual([]);
    expect(ops.get('GET /a/{id}')?.servers.list.map((s) => s.url)).toEqual(['https://a.example']);
    expect(ops.get('POST webhook event')?.security.alternatives).toEqual([]);
  });
});

/** `copies` operations, each its own request schema using shared components, one of them recursive. */
function grown(copies: number, changed = false): Doc {
  const base = shared(
    { type: 'object', properties: { tree: { $ref: '#/components/schemas/Tree' } } },
    {
      components: {
        Tree: {
          type: 'object',
          properties: {
            name: { type: changed ? 'integer' : 'string' },
            children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
          },
        },
      },
    },
  );
  for (let i = 0; i < copies; i++)
    base.paths[`/op${i}`] = {
      post: {
        operationId: `op${i}`,
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { own: { type: 'string' }, tree: { $ref: '#/components/schemas/Tree' } },
              },
            },
          },
        },
        responses: { '204': { description: 'OK' } },
      },
    };
  return base;
}

describe('the work of a comparison', () => {
  it("a recursive schema's change is found once per operation, at its shortest path", () => {
    const findings = compare(grown(3), grown(3, true));
    const op0 = findings.filter((f) => f.operation === 'POST /op0');
    expect(op0).toHaveLength(1);
    expect(op0[0]?.fields[0]).toEqual({ direction: 'request', path: 'tree.name' });
    expect(findings).toHaveLength(3 + 2); // every copy, and the two operations of `shared`
  });

  it('grows with the documents (10× the operations: about 10× the views and comparisons), counted', () => {
    const work = (copies: number) => {
      const sides = {
        base: new SideDocument(grown(copies), 'base'),
        head: new SideDocument(grown(copies, true), 'head'),
      };
      compareDocuments(sides);
      return viewsMade(sides.base) + viewsMade(sides.head) + comparisonsMade(sides);
    };
    const [small, large] = [work(20), work(200)];
    expect(large / small).toBeLessThan(11);
    expect(large / small).toBeGreaterThan(5);
  });

  it('a deep mutual recursion costs its length', () => {
    const chain = (n: number, tail: string) => {
      const schemas: Doc = {};
      for (let i = 0; i < n; i++)
        schemas[`S${i}`] = {
          type: 'object',
          properties: {
            v: { type: i === n - 1 ? tail : 'string' },
            next: { $ref: `#/components/schemas/S${(i + 1) % n}` },
          },
        };
      return operation(
        { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } } } },
        { components: { schemas } },
      );
    };
    const work = (n: number) => {
      const sides = {
        base: new SideDocument(chain(n, 'string'), 'base'),
        head: new SideDocument(chain(n, 'integer'), 'head'),
      };
      const comparison = compareDocuments(sides);
      expect(comparison.operations[0]?.occurrences.length).toBeGreaterThan(0);
      return comparisonsMade(sides);
    };
    expect(work(500) / work(50)).toBeLessThan(11);
  });

  it('a chain deeper than the limit: no stack exhausted, reported as not compared', () => {
    const schemas: Doc = {};
    for (let i = 0; i < 5000; i++)
      schemas[`S${i}`] = { type: 'object', properties: { next: { $ref: `#/components/schemas/S${i + 1}` } } };
    const body = {
      requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } } },
    };
    const [base, head] = [
      operation(body, { components: { schemas } }),
      operation(body, { components: { schemas: { ...schemas, S5000: { type: 'string' } } } }),
    ];
    expect(compare(base, head).map((f) => f.rule)).toEqual(['schema-too-deep']);
  });
});
