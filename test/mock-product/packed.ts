// The packages as another team gets them: packed with `npm pack` from the built dist/ folders, and
// installed into a fresh folder outside this repository.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const repoRoot = join(import.meta.dirname, '..', '..');
const shipped = ['contract', 'client', 'mock'] as const;
export type Shipped = (typeof shipped)[number];

/** npm without its chatter, the same registry and cache as the user's. */
const npmEnv = {
  ...process.env,
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

/** Packs each shipped package (or those `names`d) into `dir`; the paths of the tarballs by package. */
export async function packTarballs<N extends string = Shipped>(
  dir: string,
  names: readonly N[] = shipped as readonly string[] as readonly N[],
): Promise<Record<N, string>> {
  await mkdir(dir, { recursive: true });
  const tarballs = {} as Record<N, string>;
  for (const name of names) {
    const pkg = join(repoRoot, 'packages', name);
    if (!existsSync(join(pkg, 'dist', 'index.js')))
      throw new Error(`packages/${name}/dist is missing: run npm run build`);
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], {
      cwd: pkg,
      env: npmEnv,
    });
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    tarballs[name] = join(dir, packed?.filename ?? '');
  }
  return tarballs;
}

/**
 * A fresh project in `dir` with the tarballs installed from files (their dependencies come from the npm
 * registry). Tools it does not install (vitest, @types/node) are linked from this repository.
 */
export async function consumerProject(dir: string, tarballs: string[]): Promise<string> {
  await mkdir(join(dir, 'node_modules', '@types'), { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  await run('npm', ['install', '--prefer-offline', '--no-package-lock', ...tarballs], {
    cwd: dir,
    env: npmEnv,
    maxBuffer: 1 << 24,
  });
  for (const tool of ['vitest', '@types/node']) {
    const target = join(dir, 'node_modules', tool);
    if (!existsSync(target)) await symlink(join(repoRoot, 'node_modules', tool), target);
  }
  return dir;
}
