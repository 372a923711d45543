// The model as the contract package ships it: each repeated schema written once (model/pack.ts), read back
// by @banking-api/contract into the same model, every shared schema one object, every part frozen; a whole
// model file (generated/contract-model.json) still reads as it is.
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ContractModel, readModel } from '@banking-api/contract';
import { expect, test } from 'vitest';
import { packModel } from '../../model/pack.ts';
import { modelPath } from '../../scripts/paths.ts';

const whole = JSON.parse(readFileSync(modelPath, 'utf8')) as ContractModel;

test('packed, the model reads back the same, smaller, each shared schema one frozen object', async () => {
  const packed = packModel(whole);
  expect(packed.length).toBeLessThan(JSON.stringify(whole).length * 0.8); // 0.69 at 22 operations
  const file = join(await mkdtemp(join(tmpdir(), 'banking-model-')), 'model.json');
  writeFileSync(file, packed);
  const read = readModel(file);
  expect(JSON.parse(JSON.stringify(read))).toEqual(whole);
  const schemas = read.operations.flatMap((op) =>
    op.responses.flatMap((r) => r.content.map((m) => m.schema)),
  );
  const errorEnvelopes = schemas.filter((s) => s?.['x-envelope'] === 'error');
  expect(errorEnvelopes.length).toBeGreaterThan(1);
  expect(new Set(errorEnvelopes).size).toBe(1); // one object, wherever it stands
  expect(Object.isFrozen(errorEnvelopes[0])).toBe(true);
  expect(Object.isFrozen(read.operations[0]?.parameters)).toBe(true);
});

test('a whole model file still reads as it is', () => {
  expect(JSON.parse(JSON.stringify(readModel(modelPath)))).toEqual(whole);
});
