// The Node runtime the launcher moves onto is installed once per user, not per folder: two clones of the
// repository (here two copies of the launcher's runtime module) run on the same binary from the user's cache
// and write no runtime into themselves.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeBinary, runtimeCache, SUPPORTED_NODE, TOOLKIT_NODE } from '../../scripts/node-runtime.mjs';
import { root } from '../../scripts/paths.ts';
import { fixtureDir } from '../review/helpers.ts';

const run = promisify(execFile);
let tmp: Awaited<ReturnType<typeof fixtureDir>>;

beforeAll(async () => {
  tmp = await fixtureDir();
});
afterAll(() => tmp?.dispose());

describe("the user's cache of Node runtimes", () => {
  it('is named by BANKING_API_NODE_CACHE, else under XDG_CACHE_HOME, else ~/.cache', () => {
    expect(runtimeCache({ BANKING_API_NODE_CACHE: '/x/node' })).toBe('/x/node');
    expect(runtimeCache({ XDG_CACHE_HOME: '/c' })).toBe(path.join('/c', 'banking-api-toolkit', 'node'));
    expect(runtimeCache({})).toBe(path.join(os.homedir(), '.cache', 'banking-api-toolkit', 'node'));
  });

  it('serves two clones the same binary, fetched at most once, into neither clone', async () => {
    const shared = nodeBinary(TOOLKIT_NODE); // installed now if this machine never had it
    const older = nodeBinary(Math.min(...SUPPORTED_NODE));
    expect(shared.startsWith(runtimeCache())).toBe(true);
    const versions: string[] = [];
    for (const clone of ['clone-a', 'clone-b']) {
      const dir = path.join(tmp.dir, clone);
      await mkdir(path.join(dir, 'scripts'), { recursive: true });
      await copyFile(path.join(root, 'scripts/node-runtime.mjs'), path.join(dir, 'scripts/node-runtime.mjs'));
      await writeFile(
        path.join(dir, 'which.mjs'),
        "console.log(process.version + ' ' + process.execPath);\n",
      );
      const env = { ...process.env, BANKING_API_SYSTEM_NODE: '' };
      // An older Node (the matrix's 22) moves onto the cached one, as the launcher does on an old system Node.
      const { stdout, stderr } = await run(
        older,
        [path.join(dir, 'scripts/node-runtime.mjs'), path.join(dir, 'which.mjs')],
        { env },
      );
      expect(stderr).not.toContain('Installing Node');
      versions.push(stdout.trim());
      expect(existsSync(path.join(dir, '.cache'))).toBe(false);
    }
    const [a, b] = versions;
    expect(a).toBe(b);
    expect(a?.startsWith(`v${TOOLKIT_NODE}.`)).toBe(true);
    expect(a?.endsWith(shared)).toBe(true);
  }, 120_000);
});
