// Benchmark: a spec review of a one-line change against the bare diff engine on the same two files.
// Prints medians and their ratios, all measured in this run, side by side.
// `npx tsx bench/review.ts [--runs 5] [--spec <file>] [--scale <n>] [--no-lint]`: `--spec` reviews another
// contract; `--scale n` first copies every path of the spec n times under /s<i> (operationIds suffixed,
// components shared), the contract grown the way a spec grows by shared components.
// Cold: a new process `node scripts/launch.mjs tools/review/cli.ts`, what `npm run review` runs (npm's own
// start-up left out). Warm: reviewSpecs in this process, its libraries already loaded.
import '../scripts/env.ts';
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { parse, stringify } from 'yaml';
import { loadContract } from '../model/load.ts';
import { root, specPath } from '../scripts/paths.ts';
import { runDiffEngine } from '../tools/review/diff-engine.ts';
import { reviewSpecs } from '../tools/review/run.ts';

const run = promisify(execFile);
const launcher = path.join(root, 'scripts/launch.mjs');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    spec: { type: 'string', default: specPath },
    scale: { type: 'string', default: '0' },
    'no-lint': { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);

/** The spec with every path copied `n` times under `/s<i>`, operationIds suffixed; components shared. */
function scaled(text: string, n: number): string {
  if (n <= 0) return text;
  const doc = parse(text);
  const paths: Record<string, Record<string, { operationId?: string }>> = doc.paths;
  for (let i = 1; i <= n; i++)
    for (const [template, item] of Object.entries(paths)) {
      if (template.startsWith('/s')) continue;
      const copy = structuredClone(item);
      for (const op of Object.values(copy))
        if (op && typeof op === 'object' && op.operationId) op.operationId += `S${i}`;
      doc.paths[`/s${i}${template}`] = copy;
    }
  return stringify(doc, { lineWidth: 0 });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

type Task = { label: string; run: () => Promise<unknown> };

/**
 * Median of each task, run round-robin (engine, cold, warm, engine, ...) so that a busy machine slows
 * them alike: the ratios are what this bench is for.
 */
async function timeAll(tasks: Task[]): Promise<number[]> {
  const samples = tasks.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    for (const [t, task] of tasks.entries()) {
      const started = performance.now();
      await task.run();
      samples[t]?.push(performance.now() - started);
    }
  }
  return tasks.map((task, t) => {
    const list = samples[t] ?? [];
    const ms = median(list);
    console.log(
      `${task.label.padEnd(62)} median ${ms.toFixed(0).padStart(6)} ms  (${list.map((x) => x.toFixed(0)).join(', ')})`,
    );
    return ms;
  });
}

const dir = await mkdtemp(path.join(tmpdir(), 'bench-review-'));
try {
  // A git repository holding the real spec; the working tree changes one line (an operation's summary).
  const spec = path.join(dir, 'openapi.yaml');
  const base = path.join(dir, 'base.yaml');
  const source = scaled(await readFile(args.spec, 'utf8'), Number(args.scale));
  await writeFile(spec, source);
  await writeFile(base, source);
  const git = (...args: string[]) =>
    run('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@test.invalid', ...args], { cwd: dir });
  await git('init', '-q');
  await git('add', 'openapi.yaml');
  await git('commit', '-q', '-m', 'base');
  const text = await readFile(spec, 'utf8');
  const changed = text.replace(/^( {6}summary: )(.+)$/m, '$1$2 (edited)'); // the first operation's
  if (changed === text) throw new Error('bench: no summary line to change in openapi.yaml');
  await writeFile(spec, changed);

  const cliArgs = ['--spec', spec, '--base', 'HEAD', '--out', path.join(dir, 'report.md')];
  const review =
    (...extra: string[]) =>
    () =>
      run(process.execPath, [launcher, path.join(root, 'tools/review/cli.ts'), ...cliArgs, ...extra], {
        cwd: root,
      });
  // Fresh file names each run: the review loads a spec file once per process; this measures a first look.
  let n = 0;
  const freshReview = async () => {
    n++;
    const [b, h] = [path.join(dir, `base-${n}.yaml`), path.join(dir, `head-${n}.yaml`)];
    await Promise.all([copyFile(base, b), copyFile(spec, h)]);
    return reviewSpecs({ baseFile: b, headFile: h, baseLabel: 'base', headLabel: 'head' });
  };
  await freshReview(); // load the libraries

  const operations = (await loadContract(base)).model.operations.length;
  console.log(
    `${path.basename(args.spec)}${Number(args.scale) ? ` scaled x${Number(args.scale) + 1}` : ''}: ${operations} operations, one changed line (an operation's summary); ${runs} runs each, round-robin\n`,
  );
  const lintTask = { label: 'review, cold, with lint: npm run review -- --lint', run: review('--lint') };
  const [engine, cli, warm, cliLint] = (await timeAll([
    {
      label: 'bare engine: redocly diff base.yaml openapi.yaml (process)',
      run: () => runDiffEngine(base, spec, path.join(dir, 'diff.json')),
    },
    { label: 'review, cold: npm run review (new process: git, models, diff)', run: review() },
    { label: 'review, warm: reviewSpecs in this process', run: freshReview },
    ...(args['no-lint'] ? [] : [lintTask]),
  ])) as [number, number, number, number | undefined];
  const ratio = (ms: number) => `${(ms / engine).toFixed(2)}x`;
  console.log(
    `\nratio review / bare engine: ${ratio(cli)} cold (goal ≤ 3x), ${ratio(warm)} warm (goal ≤ 1.5x)${cliLint === undefined ? '' : `; ${ratio(cliLint)} cold with --lint`}`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
