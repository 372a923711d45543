// The contract embedded in the package: the bundled OpenAPI document and the model made from it, found
// beside this file once built. The package's entry re-exports these; rooms inside the package (the
// redaction's default secret fields) import them from here, not from the entry that re-exports them.
import { fileURLToPath } from 'node:url';
import type { ContractModel } from './model.js';
import { readModelFile } from './model-file.js';

/** Absolute path of the bundled OpenAPI document (JSON, refs to components kept). */
export const openapiPath: string = fileURLToPath(new URL('./openapi.json', import.meta.url));

/** Absolute path of the model (JSON; packed: read it with `readModel`). */
export const modelPath: string = fileURLToPath(new URL('./model.json', import.meta.url));

let cached: ContractModel | undefined;

/** The embedded model, parsed once per process and frozen (read-only, shared). */
export function contractModel(): ContractModel {
  cached ??= readModelFile(modelPath);
  return cached;
}

/** Reads a model from a JSON file (for a contract other than the embedded one, e.g. in tests), whole or packed. */
export function readModel(path: string): ContractModel {
  return readModelFile(path);
}
