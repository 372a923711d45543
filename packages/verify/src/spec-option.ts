// `--spec FILE`: the contract to verify against, given as its model (what `banking-api-model` writes, or a
// whole `contract-model.json`: @banking-api/contract's readModel reads both) or as the OpenAPI document itself
// (YAML, or JSON with an `openapi` member). A document is read by @banking-api/model, the toolkit's one
// loader (confined to the contract's folder, within its limits), shipped apart because it brings Redocly:
// an optional peer, imported only here, and named in the error when it is not installed.
import { readFile } from 'node:fs/promises';
import { type ContractModel, readModel } from '@banking-api/contract';

export const MISSING_LOADER: string =
  'an OpenAPI document needs @banking-api/model installed beside verify (npm install @banking-api/model); ' +
  'or make its model with it elsewhere (banking-api-model openapi.yaml --out <dir>) and pass --spec <dir>/model.json';

/** Whether the file is an OpenAPI document rather than a model. */
async function isDocument(file: string): Promise<boolean> {
  if (/\.ya?ml$/i.test(file)) return true;
  const parsed = JSON.parse(await readFile(file, 'utf8')) as unknown;
  return typeof parsed === 'object' && parsed !== null && 'openapi' in parsed;
}

async function loader(): Promise<typeof import('@banking-api/model')> {
  try {
    return await import('@banking-api/model');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ERR_MODULE_NOT_FOUND' && message.includes('@banking-api/model'))
      throw new Error(MISSING_LOADER);
    throw error;
  }
}

/** The model of the contract `file` holds. */
export async function specModel(file: string): Promise<ContractModel> {
  if (!(await isDocument(file))) return readModel(file);
  return (await (await loader()).readContract(file)).model;
}
