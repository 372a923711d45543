// The contract may be split into files (paths/, components/ by `$ref`): Redocly's own `split` makes such a
// copy, and it must give the same model, the same bundle and the same types as the single file.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoadedContract, loadContract } from '../../model/load.ts';
import { renderTypes } from '../../pipeline/api-types.ts';
import { specPath } from '../../scripts/paths.ts';

const run = promisify(execFile);
const redocly = path.join(import.meta.dirname, '../../node_modules/.bin/redocly');

let dir: string;
let single: LoadedContract;
let split: LoadedContract;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'contract-split-'));
  await run(redocly, ['split', specPath, '--outDir', dir], {
    // NODE_ENV=test (vitest's) makes Redocly's CLI print files to stdout instead of writing them.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    },
  });
  [single, split] = await Promise.all([loadContract(specPath), loadContract(path.join(dir, 'openapi.yaml'))]);
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

const withoutSources = ({ model }: LoadedContract) => ({
  ...model,
  operations: model.operations.map(({ source: _source, ...op }) => op),
});

describe('a contract split into files', () => {
  it('gives the same model (but for where each operation is written)', () => {
    expect(split.model.operations.length).toBe(single.model.operations.length);
    expect(withoutSources(split)).toEqual(withoutSources(single));
  });

  it('names the file each operation is written in', () => {
    for (const op of split.model.operations) expect(op.source.file, op.key).toMatch(/^paths\/.+\.yaml$/);
    for (const op of single.model.operations) expect(op.source.file).toBe('openapi.yaml');
  });

  // Redocly's bundle of split files lists components in order of first use, so the same content may come
  // in another key order: the bundle is compared by content, the types line by line regardless of order.
  it('gives the same bundle and the same types', async () => {
    expect(split.bundle).toEqual(single.bundle);
    const lines = async (c: LoadedContract) => (await renderTypes(c.bundle)).split('\n').sort();
    expect(await lines(split)).toEqual(await lines(single));
  });
});
