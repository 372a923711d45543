// Build step `bundle`: the contract as published (generated/openapi.{yaml,json}, refs to components kept)
// and its model (generated/contract-model.json), both from the one read of openapi.yaml.
import { mkdir, writeFile } from 'node:fs/promises';
import { stringify } from 'yaml';
import { type LoadedContract, renderModel } from '../model/load.ts';
import { bundledJsonPath, bundledYamlPath, generatedDir, modelPath } from '../scripts/paths.ts';

const header = '# generated — do not edit; source: openapi.yaml\n';

/** Both committed renderings of the bundle, byte for byte (stable key order, no line folding, final newline). */
export function renderBundle(spec: unknown): { yaml: string; json: string } {
  return {
    yaml: header + stringify(spec, { lineWidth: 0, aliasDuplicateObjects: false }),
    json: `${JSON.stringify(spec, null, 2)}\n`,
  };
}

export async function bundle(contract: LoadedContract): Promise<void> {
  const { yaml, json } = renderBundle(contract.bundle);
  await mkdir(generatedDir, { recursive: true });
  await Promise.all([
    writeFile(bundledYamlPath, yaml),
    writeFile(bundledJsonPath, json),
    writeFile(modelPath, renderModel(contract.model)),
  ]);
}
