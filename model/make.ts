// The loader made into files, for a contract other than ours: `@banking-api/model`'s entry (built from
// model/ by pipeline/model-package.ts). Other teams install our packages, never this repository, and the mock
// (`--spec bundle --model model`) and verify (`--spec model`) take a contract as the files this writes: the
// bundle as @banking-api/contract ships its own (`openapi.json`), the model in the shipped form `readModel`
// reads (`model.json` and `model-details.jsonl`: model/pack.ts). The contract is read here as everywhere else,
// through model/load.ts: confined to its folder, bounded in size, depth and aliases, ids derived, 3.0 read as
// 3.1. Each file is written aside and renamed, so a mock reading the folder never sees half of one.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ContractModel } from '@banking-api/contract';
import { writeAtomically } from '../scripts/write-atomically.ts';
import { loadContract } from './load.ts';
import { DETAILS_FILE, packModel } from './pack.ts';

/** The contract read into its bundle and its model, nothing written. */
export interface ReadContract {
  /** The bundled OpenAPI document, `$ref`s to `#/components` kept (what Prism serves). */
  readonly bundle: Record<string, unknown>;
  readonly model: ContractModel;
}

/** The files `writeModel` wrote, as absolute paths. */
export interface ModelFiles {
  readonly dir: string;
  /** The bundle: the mock's `--spec`. */
  readonly spec: string;
  /** The model: the mock's `--model`, verify's `--spec`, `readModel`'s argument. */
  readonly model: string;
  /** The operations' details, beside the model, named by it. */
  readonly details: string;
}

/** Reads the contract at `file` (YAML or JSON, OpenAPI 3.0 or 3.1, one file or split by `$ref`). */
export async function readContract(file: string): Promise<ReadContract> {
  const { bundle, model } = await loadContract(path.resolve(file));
  return { bundle, model };
}

/** The contract read, and the files it was written to. */
export interface WrittenModel extends ReadContract {
  readonly files: ModelFiles;
}

/** Reads the contract at `file` and writes its bundle and model into `outDir` (made if missing). */
export async function writeModel(file: string, outDir: string): Promise<WrittenModel> {
  const read = await readContract(file);
  const dir = path.resolve(outDir);
  await mkdir(dir, { recursive: true });
  const packed = packModel(read.model);
  const files = {
    dir,
    spec: path.join(dir, 'openapi.json'),
    model: path.join(dir, 'model.json'),
    details: path.join(dir, DETAILS_FILE),
  };
  await writeAtomically(files.spec, `${JSON.stringify(read.bundle)}\n`);
  await writeAtomically(files.details, packed.details); // before the model that names it
  await writeAtomically(files.model, packed.model);
  return { ...read, files };
}
