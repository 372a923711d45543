// A throw-away copy of this repository (its files as git sees them, not ignored ones), whose node_modules
// links to this one's, with `@banking-api/*` linked to the copy's own packages: the build, the mock and the
// review then run on the copy's contract. Used by test/model/add-operation.test.ts and bench/scale.ts.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { root } from './paths.ts';

const run = promisify(execFile);

/** The repo's files (tracked and new, not ignored) copied into `dir`. */
export async function copyRepo(dir: string): Promise<void> {
  const { stdout } = await run('git', ['ls-files', '-z', '-c', '-o', '--exclude-standard'], {
    cwd: root,
    maxBuffer: 64 << 20,
  });
  for (const file of stdout.split('\0').filter(Boolean)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await cp(path.join(root, file), path.join(dir, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error; // deleted in the working tree but not yet in git
    });
  }
}

/** node_modules of the copy: the repo's packages, but `@banking-api/*` linked to the copy's own packages. */
export async function linkNodeModules(dir: string): Promise<void> {
  const modules = path.join(dir, 'node_modules');
  await mkdir(path.join(modules, '@banking-api'), { recursive: true });
  for (const entry of await readdir(path.join(root, 'node_modules'))) {
    if (entry !== '@banking-api')
      await symlink(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  for (const name of await readdir(path.join(dir, 'packages'))) {
    await symlink(path.join(dir, 'packages', name), path.join(modules, '@banking-api', name));
  }
}

/** A copy of the repo in a new temporary folder named `${prefix}…`, its node_modules linked; its path. */
export async function repoCopy(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  await copyRepo(dir);
  await linkNodeModules(dir);
  return dir;
}
