// CI fails when a committed generated file is stale: generated/openapi.{yaml,json}, contract-model.json and
// api.d.ts must be exactly what the build would write from openapi.yaml now.
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { expect, it } from 'vitest';
import { loadContract, renderModel } from '../model/load.ts';
import { renderTypes, typesPath } from '../pipeline/api-types.ts';
import { renderBundle } from '../pipeline/bundle.ts';
import { bundledJsonPath, bundledYamlPath, modelPath, root, specPath } from '../scripts/paths.ts';

it('generated/ holds what the build writes now (run `npm run build` and commit it)', async () => {
  const { bundle, model } = await loadContract(specPath);
  const { yaml, json } = renderBundle(bundle);
  const expected = new Map([
    [bundledYamlPath, yaml],
    [bundledJsonPath, json],
    [modelPath, renderModel(model)],
    [typesPath, await renderTypes(bundle)],
  ]);
  const stale: string[] = [];
  for (const [file, text] of expected) {
    if ((await readFile(file, 'utf8')) !== text) stale.push(relative(root, file));
  }
  // The stale files by name, not an 80 KB diff.
  expect(stale).toEqual([]);
});
