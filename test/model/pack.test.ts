// The model as the contract package ships it: each repeated schema written once (model/pack.ts), read back
// by @banking-api/contract into the same model, every shared schema one object (a `$ref` to the table's
// entry resolves to one object too), every part frozen; a whole model file (generated/contract-model.json)
// still reads as it is.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allScopes, type ContractModel, readModel, resolveSchema } from '@banking-api/contract';
import { conforms } from '@banking-api/contract/validators';
import { expect, test } from 'vitest';
import { loadContract, renderModel } from '../../model/load.ts';
import { DETAILS_FILE, packModel } from '../../model/pack.ts';
import { modelPath } from '../../scripts/paths.ts';

const whole = JSON.parse(readFileSync(modelPath, 'utf8')) as ContractModel;

test('packed, the model reads back the same, smaller, each shared schema one frozen object', async () => {
  const packed = packModel(whole);
  // The whole model writes each referenced schema once already (its table): packing adds the details'
  // byte ranges and shares what repeats inline.
  expect(packed.model.length + packed.details.length).toBeLessThan(JSON.stringify(whole).length * 1.05); // 1.01
  const dir = await mkdtemp(join(tmpdir(), 'banking-model-'));
  const file = join(dir, 'model.json');
  writeFileSync(file, packed.model);
  writeFileSync(join(dir, DETAILS_FILE), packed.details);
  const read = readModel(file);
  expect(JSON.parse(JSON.stringify(read))).toEqual(whole);
  const schemas = read.operations.flatMap((op) =>
    op.responses.flatMap((r) => r.content.map((m) => m.schema)),
  );
  const errorEnvelopes = schemas.map((s) => resolveSchema(s)).filter((s) => s?.['x-envelope'] === 'error');
  expect(errorEnvelopes.length).toBeGreaterThan(1);
  expect(new Set(errorEnvelopes).size).toBe(1); // one object, wherever it stands
  expect(Object.isFrozen(errorEnvelopes[0])).toBe(true);
  expect(Object.isFrozen(read.operations[0]?.parameters)).toBe(true);
});

test('a whole model file still reads as it is', () => {
  expect(JSON.parse(JSON.stringify(readModel(modelPath)))).toEqual(whole);
});

test("an operation's details are parsed when first read, not when the model is", async () => {
  const packed = packModel(whole);
  const dir = await mkdtemp(join(tmpdir(), 'banking-model-'));
  // The last operation's details line spoiled (and the model file made to vouch for it): reading the model,
  // and the other operations, never parse it.
  const lines = packed.details.split('\n');
  lines[lines.length - 2] = '{'.padEnd((lines[lines.length - 2] as string).length, ' ');
  const spoiled = lines.join('\n');
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  writeFileSync(join(dir, 'model.json'), packed.model.replace(sha256(packed.details), sha256(spoiled)));
  writeFileSync(join(dir, DETAILS_FILE), spoiled);
  const read = readModel(join(dir, 'model.json'));
  const last = read.operations.at(-1) as ContractModel['operations'][number];
  expect(last.key).toBe(whole.operations.at(-1)?.key);
  expect(read.operations[0]?.responses).toBe(read.operations[0]?.responses); // parsed once, kept
  expect(allScopes(read.operations).length).toBeGreaterThan(0); // a mock's default token reads no details
  expect(() => last.responses).toThrow(SyntaxError);
});

test('a details file replaced since the model file was read is refused, not misread', async () => {
  const packed = packModel(whole);
  const dir = await mkdtemp(join(tmpdir(), 'banking-model-'));
  writeFileSync(join(dir, 'model.json'), packed.model);
  // The same size, one character changed (a patched value, say): a size check alone would misread it.
  writeFileSync(join(dir, DETAILS_FILE), packed.details.replace('"required":true', '"required":fals'));
  const read = readModel(join(dir, 'model.json'));
  expect(() => read.operations[0]?.responses).toThrow(/not the one its model file was made with/);
});

test('a model packed before the details file is refused with what to give instead', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'banking-model-'));
  writeFileSync(join(dir, 'model.json'), JSON.stringify({ sharedSchemas: [], model: whole }));
  expect(() => readModel(join(dir, 'model.json'))).toThrow(/packed by an older .*whole model/);
});

test('packed, a model with recursive schemas and outgoing requests reads back linked: references resolve and validate', async () => {
  const { model } = await loadContract(join(import.meta.dirname, '../fixtures/model/features-31.yaml'));
  const whole = JSON.parse(renderModel(model)) as ContractModel;
  const packed = packModel(whole);
  const dir = await mkdtemp(join(tmpdir(), 'banking-model-'));
  writeFileSync(join(dir, 'model.json'), packed.model);
  writeFileSync(join(dir, DETAILS_FILE), packed.details);
  const read = readModel(join(dir, 'model.json'));
  expect(JSON.parse(JSON.stringify(read))).toEqual(whole);
  const tree = read.operations.find((o) => o.key === 'GET /items/{itemId}')?.responses[0]?.content[0]?.schema;
  expect(resolveSchema(tree)).toBe(read.schemas?.['#/components/schemas/Tree']);
  expect(conforms(tree ?? {}, { name: 'a', owner: { name: 'b', boss: { name: 'c' } } })).toBe(true);
  expect(conforms(tree ?? {}, { name: 'a', owner: { boss: {} } })).toBe(false);
  const event = read.outgoing?.[0]?.operation.requestBody?.content[0]?.schema;
  expect(resolveSchema(event)).toBe(read.schemas?.['#/components/schemas/Event']);
  expect(Object.isFrozen(read.schemas?.['#/components/schemas/Tree'])).toBe(true);
});
