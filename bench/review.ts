// Benchmark: a spec review of a one-line change against the bare diff engine on the same two files.
// Prints medians and their ratio, all measured in this run. `npx tsx bench/review.ts [runs]`
import '../scripts/env.ts';
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { root, specPath } from '../scripts/paths.ts';
import { runDiffEngine } from '../scripts/review/diff-engine.ts';
import { reviewSpecs } from '../scripts/review/run.ts';

const run = promisify(execFile);
const runs = Number(process.argv[2] ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function time(label: string, task: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await task();
    samples.push(performance.now() - started);
  }
  const ms = median(samples);
  console.log(
    `${label.padEnd(58)} median ${ms.toFixed(0).padStart(6)} ms  (${samples.map((s) => s.toFixed(0)).join(', ')})`,
  );
  return ms;
}

const dir = await mkdtemp(path.join(tmpdir(), 'bench-review-'));
try {
  // A git repository holding the real spec; the working tree changes one line (an operation's summary).
  const spec = path.join(dir, 'openapi.yaml');
  const base = path.join(dir, 'base.yaml');
  await copyFile(specPath, spec);
  await copyFile(specPath, base);
  const git = (...args: string[]) =>
    run('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@test.invalid', ...args], { cwd: dir });
  await git('init', '-q');
  await git('add', 'openapi.yaml');
  await git('commit', '-q', '-m', 'base');
  const text = await readFile(spec, 'utf8');
  const changed = text.replace(/^(\s+summary: )(.+)$/m, '$1$2 (edited)');
  if (changed === text) throw new Error('bench: no summary line to change in openapi.yaml');
  await writeFile(spec, changed);

  console.log(`openapi.yaml, one changed line; ${runs} runs each\n`);
  const engine = await time('bare engine: redocly diff base.yaml openapi.yaml (process)', () =>
    runDiffEngine(base, spec, path.join(dir, 'diff.json')),
  );
  const cli = await time('review: npm run review (tsx process: git, model, diff, lint, types)', () =>
    run(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(root, 'scripts/review.ts'),
        '--spec',
        spec,
        '--base',
        'HEAD',
        '--out',
        path.join(dir, 'report.md'),
      ],
      { cwd: root },
    ),
  );
  // Fresh file names each run: the review loads and lints a spec file once per process; this measures a first look.
  let n = 0;
  const freshReview = async () => {
    n++;
    const [b, h] = [path.join(dir, `base-${n}.yaml`), path.join(dir, `head-${n}.yaml`)];
    await Promise.all([copyFile(base, b), copyFile(spec, h)]);
    return reviewSpecs({ baseFile: b, headFile: h, baseLabel: 'base', headLabel: 'head' });
  };
  await freshReview(); // load the libraries
  const warm = await time('review in an already warm process (reviewSpecs)', freshReview);
  console.log(
    `\nratio review / bare engine: ${(cli / engine).toFixed(2)}x (cold process), ${(warm / engine).toFixed(2)}x (warm)`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
