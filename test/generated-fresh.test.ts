// CI fails when generated/openapi.{yaml,json} are stale: they must be exactly what bundling openapi.yaml gives.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { bundleSpec, renderBundle } from '../scripts/bundle.ts';
import { bundledJsonPath, bundledYamlPath } from '../scripts/paths.ts';

it('generated/openapi.yaml and .json are fresh (run `npm run build` and commit them)', async () => {
  const expected = renderBundle(await bundleSpec());
  const [yaml, json] = await Promise.all([
    readFile(bundledYamlPath, 'utf8'),
    readFile(bundledJsonPath, 'utf8'),
  ]);
  // Compared as booleans so that a stale file fails with a short message, not an 80 KB diff.
  expect(yaml === expected.yaml, 'generated/openapi.yaml is stale').toBe(true);
  expect(json === expected.json, 'generated/openapi.json is stale').toBe(true);
});
