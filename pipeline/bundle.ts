// Build step `bundle`: the contract as published (generated/openapi.{yaml,json}, refs to components kept)
// and its model (generated/contract-model.json), both from the one read of openapi.yaml.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { stringifyYaml } from '@redocly/openapi-core';
import { type LoadedContract, renderModel } from '../model/load.ts';
import { type ContractChoice, contractChoice } from '../scripts/contract.ts';
import { bundledJsonPath, bundledYamlPath, generatedDir, modelPath, root } from '../scripts/paths.ts';
import { writeAtomically } from '../scripts/write-atomically.ts';

const header = (choice: ContractChoice) =>
  `# generated — do not edit; source: ${path.relative(root, choice.file).replaceAll('\\', '/')}\n`;

type Rendered = { yaml: string; json: string };
const rendered = new WeakMap<object, Rendered>();

/**
 * Both committed renderings of the bundle, byte for byte (stable key order, no line folding, final newline).
 * Made once per bundle object: the bundle step and the docs step (the site serves the same files) both ask,
 * and the YAML rendering was the docs step's largest cost of its own at 2,002 operations (2.5 s, a CPU
 * profile). Nothing changes a loaded bundle: the steps that annotate it work on copies.
 */
export function renderBundle(spec: object, choice = contractChoice()): Rendered {
  const known = rendered.get(spec);
  if (known) return known;
  const fresh = {
    // As `redocly bundle` writes YAML (js-yaml, no anchors, no folding): the yaml package's Document took 1.2 s
    // of the bundle step's 4.8 s of CPU on Stripe's spec, its garbage a share of the 1.2 s of collection.
    yaml: header(choice) + stringifyYaml(spec, { noRefs: true, lineWidth: -1 }),
    json: `${JSON.stringify(spec, null, 2)}\n`,
  };
  rendered.set(spec, fresh);
  return fresh;
}

export async function bundle(contract: LoadedContract, choice = contractChoice()): Promise<void> {
  const { yaml, json } = renderBundle(contract.bundle, choice);
  await mkdir(generatedDir, { recursive: true });
  await Promise.all([
    writeAtomically(bundledYamlPath, yaml),
    writeAtomically(bundledJsonPath, json),
    writeAtomically(modelPath, renderModel(contract.model)),
  ]);
}
