// verify's `--spec FILE` (packages/verify/src/spec-option.ts): a model JSON, whole (generated/) or packed (as
// @banking-api/contract and banking-api-model write it), is read by readModel; an OpenAPI document, YAML or
// JSON, by @banking-api/model (here the workspace's built package): the same model either way.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contractModel, modelPath, openapiPath } from '@banking-api/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { specModel } from '../../packages/verify/src/spec-option.ts';
import { root } from '../../scripts/paths.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'spec-option-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Each operation's key and statuses: a packed model read as plain JSON has no responses (they are details). */
const keys = (model: { operations: readonly { key: string; responses: readonly { status: string }[] }[] }) =>
  model.operations.map((op) => `${op.key} ${op.responses.map((r) => r.status).join(',')}`);

test('a whole model, a packed model, the YAML contract and its JSON bundle give the same operations', async () => {
  const expected = keys(contractModel());
  expect(keys(await specModel(path.join(root, 'generated/contract-model.json')))).toEqual(expected);
  expect(keys(await specModel(modelPath))).toEqual(expected);
  expect(keys(await specModel(path.join(root, 'openapi.yaml')))).toEqual(expected);
  expect(keys(await specModel(openapiPath))).toEqual(expected);
}, 60_000);

test('a document that refers outside its folder is refused by the loader, naming the reference', async () => {
  const file = path.join(dir, 'openapi.json');
  const ref = { $ref: '../elsewhere.json' };
  const response = { description: 'ok', content: { 'application/json': { schema: ref } } };
  await writeFile(
    file,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: { '/a': { get: { responses: { 200: response } } } },
    }),
  );
  await expect(specModel(file)).rejects.toThrow(
    /"\.\.\/elsewhere\.json" names a file outside the contract's folder/,
  );
});
