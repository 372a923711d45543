// The model on shapes the real contract does not use yet (test/fixtures/model/edge-cases.yaml): recursive
// schemas, path items by `$ref`, callbacks, security alternatives, header case, bad idempotency markers,
// multipart fields spread over `allOf`.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bearerScopes, type ContractModel, type Operation } from '@banking-api/contract';
import { conforms } from '@banking-api/contract/validators';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContract, renderModel } from '../../model/load.ts';
import { operationObjects } from '../../model/references.ts';

const fixture = path.join(import.meta.dirname, '../fixtures/model/edge-cases.yaml');
let model: ContractModel;
const op = (operationId: string) => model.operations.find((o) => o.operationId === operationId) as Operation;

beforeAll(async () => {
  ({ model } = await loadContract(fixture));
});

describe('the model of unusual but valid contracts', () => {
  it('keeps a recursive schema as a self-contained, serializable JSON Schema', () => {
    const schema = op('getNode').responses[0]?.content[0]?.schema;
    expect(() => renderModel(model)).not.toThrow();
    const valid = (value: unknown) => conforms(schema ?? {}, value);
    expect(valid({ name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] })).toBe(true);
    expect(valid({ name: 'a', children: [{ name: 'b', children: [{ nameless: true }] }] })).toBe(false);
  });

  it('reads operations of a path item written as a component, with its shared parameters', () => {
    expect(op('getNode').key).toBe('GET /nodes/{id}');
    expect(op('putNode').parameters.map((p) => p.name)).toEqual(['id']);
    expect(op('putNode').idempotency).toEqual({ in: 'path', parameter: 'id' });
  });

  it("attributes to each operation of a `$ref`'d path item only its own components", () => {
    expect(op('getNode').components).toEqual([
      '#/components/pathItems/NodeItem',
      '#/components/schemas/Node',
    ]);
    expect(op('putNode').components).toEqual([
      '#/components/pathItems/NodeItem',
      '#/components/schemas/NodeInput',
    ]);
  });

  it("finds every operation's object in the bundle, inside a `$ref`'d path item too", async () => {
    const { bundle, operationPointers } = await loadContract(fixture);
    expect((bundle.paths as Record<string, unknown>)['/nodes/{id}']).toHaveProperty('$ref'); // kept as written
    const objects = operationObjects(bundle, operationPointers);
    for (const operation of model.operations)
      expect(objects.get(operation.key)?.operationId, operation.key).toBe(operation.operationId);
  });

  it('takes multipart fields from allOf members too, merged by name, required where any level says so', () => {
    const fields = op('uploadWithMeta').requestBody?.content[0]?.fields ?? [];
    expect(fields.map(({ name, required, binary }) => ({ name, required, binary }))).toEqual([
      { name: 'tag', required: false, binary: false },
      { name: 'title', required: true, binary: false }, // required by its member
      { name: 'notes', required: false, binary: false }, // a field's own allOf stays its schema
      { name: 'file', required: true, binary: true }, // required by the schema, defined by a member
    ]);
    const field = (name: string) => fields.find((f) => f.name === name);
    expect(field('file')?.contentType).toBe('text/plain');
    expect(field('tag')?.schema).toEqual({ allOf: [{ type: 'string' }, { maxLength: 8 }] });
  });

  it('needs no token where the operation or one alternative asks for none', () => {
    expect(bearerScopes(op('openGet'))).toEqual([]);
    expect(bearerScopes(op('eitherGet'))).toEqual([]);
    expect(bearerScopes(op('hooksPut'))).toEqual([[]]);
  });

  it('lets an operation parameter replace the path-level one, header names compared without case', () => {
    expect(op('hooksPost').parameters).toHaveLength(1);
    expect(op('hooksPost').accountHeader).toBe(true);
    expect(op('hooksPut').accountHeader).toBe(false);
  });

  it('places operations after a callback on their own path, not the callback expression', async () => {
    const text = await readFile(fixture, 'utf8');
    const line = (needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
    expect(op('hooksPut').source).toEqual({
      file: 'edge-cases.yaml',
      line: line('    put:\n') || line('    put:'),
    });
    expect(model.operations.map((o) => o.operationId)).not.toContain('hooksDone');
  });

  it("names an operation's callbacks (the mock gives their answers no fast path: Prism calls them)", () => {
    expect(op('hooksPost').callbacks).toEqual(['done']);
    expect(op('hooksPut').callbacks).toBeUndefined();
  });

  it('refuses an idempotency marker that names no path parameter', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'model-edge-'));
    try {
      const broken = (await readFile(fixture, 'utf8')).replace('name: id }', 'name: nope }');
      await writeFile(path.join(dir, 'openapi.yaml'), broken);
      await expect(loadContract(path.join(dir, 'openapi.yaml'))).rejects.toThrow(
        'PUT /nodes/{id}: x-idempotency must name one of its path parameters',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
