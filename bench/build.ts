// Benchmark: `npm run build` of this tree against the same build of another revision (a git worktree of
// --base sharing this tree's node_modules), alternated round by round so a noisy machine slows both alike.
// `npx tsx bench/build.ts --base <ref> [--rounds 3]`. Prints each side's median and their ratio.
import '../scripts/env.ts';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { root } from '../scripts/paths.ts';

const run = promisify(execFile);
const { values } = parseArgs({
  options: { base: { type: 'string' }, rounds: { type: 'string', default: '3' } },
});
if (!values.base) {
  console.error('usage: npx tsx bench/build.ts --base <git ref> [--rounds N]');
  process.exit(2);
}
const rounds = Number(values.rounds);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** A detached worktree of `ref` under .cache/, using this tree's node_modules. */
async function checkout(ref: string): Promise<string> {
  const dir = path.join(root, '.cache/bench-build-base');
  if (existsSync(dir)) await run('git', ['worktree', 'remove', '--force', dir], { cwd: root });
  await run('git', ['worktree', 'add', '--detach', dir, ref], { cwd: root });
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/** Each tree's own `npm run build` (the command may differ between revisions). */
async function timeBuild(tree: string): Promise<number> {
  const started = performance.now();
  await run('npm', ['run', '--silent', 'build'], { cwd: tree, maxBuffer: 64 << 20 });
  return performance.now() - started;
}

const baseTree = await checkout(values.base);
try {
  await timeBuild(baseTree); // warm both (file cache, base's first build writes its outputs)
  await timeBuild(root);
  const samples = { head: [] as number[], base: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    samples.base.push(await timeBuild(baseTree));
    samples.head.push(await timeBuild(root));
  }
  const show = (label: string, xs: number[]) =>
    console.log(
      `${label.padEnd(28)} median ${(median(xs) / 1000).toFixed(2)} s  (${xs.map((x) => (x / 1000).toFixed(2)).join(', ')})`,
    );
  show(`build at ${values.base}`, samples.base);
  show('build of this tree', samples.head);
  console.log(`ratio this/base: ${(median(samples.head) / median(samples.base)).toFixed(2)}`);
} finally {
  await run('git', ['worktree', 'remove', '--force', baseTree], { cwd: root });
  await rm(baseTree, { recursive: true, force: true });
}
