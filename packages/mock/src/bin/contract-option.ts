// `--contract openapi.yaml`: a team's own contract, served without a step of its own. It is read by
// @banking-api/model, the toolkit's one loader (confined to the contract's folder, within its limits), shipped
// apart because it brings Redocly, which the mock does not otherwise need: an optional peer, imported only
// here. Its bundle and model go to a folder of this run, removed when the process ends. A contract refused
// is told with its control characters shown as `?` (its text reaches the terminal).
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The files `--spec` and `--model` would name. */
export interface ContractFiles {
  readonly spec: string;
  readonly model: string;
}

const CONTROLS = /(?!\n)[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

export const MISSING_LOADER: string =
  '--contract needs @banking-api/model installed beside the mock (npm install @banking-api/model); or make ' +
  'the files with it elsewhere (banking-api-model openapi.yaml --out <dir>) and pass --spec <dir>/openapi.json ' +
  '--model <dir>/model.json';

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

/** Reads the contract at `file` into a bundle and model of this run. */
export async function contractFiles(file: string): Promise<ContractFiles> {
  const { writeModel } = await loader();
  const dir = await mkdtemp(path.join(tmpdir(), 'banking-api-mock-contract-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  try {
    const { files } = await writeModel(file, dir);
    return { spec: files.spec, model: files.model };
  } catch (error) {
    throw new Error(`--contract ${file}: ${(error as Error).message.replace(CONTROLS, '?')}`);
  }
}
