// The real public contracts kept as fixtures (test/fixtures/contracts/README.md: source, commit, licence), by
// name, and a way to have one as a plain file: the large ones are stored gzip-compressed. Read by the tests
// that run the toolkit on contracts nobody here wrote and by bench/scale.ts --contracts.
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip } from 'node:zlib';
import { root } from './paths.ts';
import { repoCopy } from './repo-copy.ts';

const run = promisify(execFile);

export type RealContract = {
  /** Short name: `stripe`, `pix`, `ofb-automatic-payments`, `ofb-payments`. */
  readonly name: string;
  /** The stored file, relative to the repository. */
  readonly stored: string;
  /** The file name it is written as (the stored one without `.gz`). */
  readonly fileName: string;
};

const at = (stored: string): Pick<RealContract, 'stored' | 'fileName'> => ({
  stored: `test/fixtures/contracts/${stored}`,
  fileName: path.basename(stored).replace(/\.gz$/, ''),
});

export const REAL_CONTRACTS: readonly RealContract[] = [
  { name: 'pix', ...at('pix/openapi.yaml') },
  { name: 'ofb-automatic-payments', ...at('open-finance-brasil/automatic-payments-2.0.0.yaml') },
  { name: 'ofb-payments', ...at('open-finance-brasil/payments-4.0.0.yaml') },
  { name: 'stripe', ...at('stripe/spec3.yaml.gz') },
];

export function realContract(name: string): RealContract {
  const found = REAL_CONTRACTS.find((c) => c.name === name);
  if (!found)
    throw new Error(`no real contract "${name}"; known: ${REAL_CONTRACTS.map((c) => c.name).join(', ')}`);
  return found;
}

/** Writes the contract, uncompressed, into `dir` (created if need be) under `as` or its own name; its path. */
export async function writeRealContract(contract: RealContract, dir: string, as?: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, as ?? contract.fileName);
  const stored = path.join(root, contract.stored);
  if (stored.endsWith('.gz'))
    await pipeline(createReadStream(stored), createGunzip(), createWriteStream(file));
  else await copyFile(stored, file);
  return file;
}

/**
 * A throw-away copy of this repository (scripts/repo-copy.ts) pointed at a real contract, as a new user would
 * point the toolkit at theirs: the contract in `real/`, named by package.json's `config.contract`, committed
 * in a git repository of its own (the base a review compares with). Its folder and the contract's path.
 */
export async function realContractRepo(contract: RealContract): Promise<{ repo: string; spec: string }> {
  const repo = await repoCopy(`real-${contract.name}-`);
  const spec = await writeRealContract(contract, path.join(repo, 'real'));
  const manifestPath = path.join(repo, 'package.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
  manifest.config = { ...manifest.config, contract: path.relative(repo, spec) };
  await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  const git = (...args: string[]) =>
    run('git', ['-c', 'user.name=real', '-c', 'user.email=real@test.invalid', ...args], { cwd: repo });
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-q', '-m', `the toolkit pointed at ${contract.name}`);
  return { repo, spec };
}
