// The loader on contracts nobody here wrote (test/fixtures/contracts/: Stripe's spec, the Central Bank's Pix
// API, two Open Finance Brasil APIs), in this process: each reads whole (Stripe's recursive, expandable
// schemas kept as references: inlining them ran a 4 GB heap out), its model no larger than its bundle by
// more than half, every operation with a unique id (derived for Pix, which gives none), every `$ref` of the
// model's schemas an entry of its table, and a recursive schema compiled and judged through it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ContractModel, type JsonSchema, reachableSchemas, subschemas } from '@banking-api/contract';
import { conforms, validatorOf } from '@banking-api/contract/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoadedContract, loadContract } from '../../model/load.ts';
import { REAL_CONTRACTS, writeRealContract } from '../../scripts/real-contracts.ts';

const loaded = new Map<string, LoadedContract>();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'real-contracts-'));
  for (const contract of REAL_CONTRACTS)
    loaded.set(
      contract.name,
      await loadContract(await writeRealContract(contract, path.join(dir, contract.name))),
    );
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const modelOf = (name: string) => (loaded.get(name) as LoadedContract).model;

/** Every schema of the model: its operations', its outgoing requests' and its table's. */
function schemasOf(model: ContractModel): JsonSchema[] {
  const ops = [...model.operations, ...(model.outgoing ?? []).map((o) => o.operation)];
  return [
    ...Object.values(model.schemas ?? {}),
    ...ops.flatMap((op) => [
      ...op.parameters.map((p) => p.schema),
      ...[...(op.requestBody?.content ?? []), ...op.responses.flatMap((r) => r.content)].map((m) => m.schema),
    ]),
  ].filter((s): s is JsonSchema => s !== undefined);
}

describe.each([
  ['stripe', 468],
  ['pix', 51],
  ['ofb-automatic-payments', 7],
  ['ofb-payments', 6],
])('%s', (name, operations) => {
  it(`reads all ${operations} operations, each id unique`, () => {
    const model = modelOf(name);
    expect(model.operations).toHaveLength(operations);
    expect(new Set(model.operations.map((o) => o.operationId)).size).toBe(operations);
  });

  it('writes a model no larger than one and a half times its bundle (references kept, not unrolled)', () => {
    const { bundle, model } = loaded.get(name) as LoadedContract;
    expect(JSON.stringify(model).length).toBeLessThan(JSON.stringify(bundle).length * 1.5);
  });

  it("names in its schemas' $refs only entries of its schema table", () => {
    const model = modelOf(name);
    const table = model.schemas ?? {};
    const refs = new Set<string>();
    const visit = (schema: JsonSchema) => {
      if (typeof schema.$ref === 'string') refs.add(schema.$ref);
      for (const [, , sub] of subschemas(schema)) visit(sub);
    };
    for (const schema of schemasOf(model)) visit(schema);
    expect([...refs].filter((ref) => !(ref in table))).toEqual([]);
  });
});

describe('Pix', () => {
  it('gives every operation a derived id, from its method and path', () => {
    const model = modelOf('pix');
    expect(model.operations.every((o) => o.operationIdDerived)).toBe(true);
    const cob = model.operations.find((o) => o.key === 'PUT /cob/{txid}');
    expect(cob?.operationId).toBe('putCobByTxid');
  });

  it('reads its callbacks as the requests the service sends', () => {
    const callbacks = (modelOf('pix').outgoing ?? []).filter((o) => o.kind === 'callback');
    expect(callbacks.length).toBe(3);
    for (const callback of callbacks) expect(callback.operation.method).toBe('POST');
  });
});

describe('Stripe', () => {
  it('compiles a recursive response schema once and judges values through its references', () => {
    const model = modelOf('stripe');
    const op = model.operations.find((o) => o.key === 'GET /v1/customers/{customer}');
    const schema = op?.responses.find((r) => r.status === '200')?.content[0]?.schema as JsonSchema;
    const reached = reachableSchemas(schema);
    expect(reached.length).toBeGreaterThan(200); // the customer reaches much of the API, through cycles
    expect(typeof validatorOf(schema)).toBe('function');
    expect(conforms(schema, 42)).toBe(false);
    expect(conforms(schema, { id: 'cus_1', object: 'customer', deleted: true })).toBe(true); // deleted_customer
  });

  it("reads 3.0's nullable as 3.1's", () => {
    const customer = modelOf('stripe').schemas?.['#/components/schemas/customer'] as JsonSchema;
    const email = (customer.properties as Record<string, JsonSchema>).email;
    expect(email?.type).toEqual(['string', 'null']);
  });
});
