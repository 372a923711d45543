// Benchmark: a spec review beside the bare `redocly diff` on the same change, per change, in the same run.
// `node scripts/launch.mjs bench/review.ts [--runs 5] [--spec <file>] [--scale <n>]`: `--scale n` first copies
// every path of the spec n times under /s<i> (operationIds suffixed, components shared), the contract grown
// the way a spec grows; 90 makes 2,002 operations of ours. Run it with the launcher (Node 24) so that the
// review and the peer start on the same Node. Two changes: a documentation edit (the first operation's
// summary) and a breaking one (a shared schema's first enum value removed). Per change, round-robin medians:
//  - bare: `redocly diff base.yaml openapi.yaml` as a process (the peer, bench/lib/redocly-diff.ts);
//  - review: `node scripts/launch.mjs tools/review/cli.ts --base HEAD` as a process, in a git repository
//    (what `npm run review` runs, npm's own start-up left out), and with `--lint --types` (what the
//    workflow's comment shows; those two run whole toolchains the peer has no counterpart for).
// Each figure is the wall time and the CPU time (user + system, /proc) of the process: on a machine other
// jobs load, the CPU time is the steadier measure of the work.
import '../scripts/env.ts';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { parse, stringify } from 'yaml';
import { root, specPath } from '../scripts/paths.ts';
import { childrenCpuMs } from './lib/clis.ts';
import { redoclyDiff } from './lib/redocly-diff.ts';
import { median } from './scale/stats.ts';

const run = promisify(execFile);
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    spec: { type: 'string', default: specPath },
    scale: { type: 'string', default: '0' },
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

/** The two changes: a summary edited, and the first enum of a component narrowed (a break for its senders). */
function changes(text: string): Record<string, string> {
  const docs = text.replace(/^( {6}summary: )(.+)$/m, '$1$2 (edited)');
  const doc = parse(text);
  const schemas = Object.values(doc.components?.schemas ?? {}) as {
    enum?: unknown[];
    properties?: Record<string, { enum?: unknown[] }>;
  }[];
  const target = schemas
    .flatMap((s) => [s, ...Object.values(s.properties ?? {})])
    .find((s) => Array.isArray(s.enum) && s.enum.length > 1);
  if (!target?.enum || docs === text) throw new Error('bench: no summary line or shared enum to change');
  target.enum = target.enum.slice(1);
  return { 'documentation edit': docs, 'enum narrowed in a shared schema': stringify(doc, { lineWidth: 0 }) };
}

type Figure = { wall: number; cpu: number };

/** Each task's median wall and CPU time, run round-robin (every other round reversed) so load weighs alike. */
async function timeAll(tasks: (() => Promise<unknown>)[]): Promise<Figure[]> {
  const samples = tasks.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
  for (let i = 0; i < runs; i++)
    for (const t of i % 2 ? [...tasks.keys()].reverse() : [...tasks.keys()]) {
      const [started, cpu] = [performance.now(), childrenCpuMs()];
      await tasks[t]?.();
      samples[t]?.wall.push(performance.now() - started);
      samples[t]?.cpu.push(childrenCpuMs() - cpu);
    }
  return samples.map((s) => ({ wall: median(s.wall), cpu: median(s.cpu) }));
}

const dir = await mkdtemp(path.join(tmpdir(), 'bench-review-'));
try {
  const spec = path.join(dir, 'openapi.yaml');
  const base = path.join(dir, 'base.yaml');
  const source = scaled(await readFile(args.spec, 'utf8'), Number(args.scale));
  await writeFile(spec, source);
  await writeFile(base, source);
  const git = (...a: string[]) =>
    run('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@test.invalid', ...a], { cwd: dir });
  await git('init', '-q');
  await git('add', 'openapi.yaml');
  await git('commit', '-q', '-m', 'base');
  const operations = (source.match(/^ {6}operationId: /gm) ?? []).length;
  console.log(
    `${path.basename(args.spec)}${Number(args.scale) ? ` scaled ×${Number(args.scale) + 1}` : ''}: ${operations} operations; ${runs} runs each, round-robin; Node ${process.version}\n`,
  );
  const review =
    (...extra: string[]) =>
    () =>
      run(
        process.execPath,
        [
          path.join(root, 'scripts/launch.mjs'),
          path.join(root, 'tools/review/cli.ts'),
          '--spec',
          spec,
          '--base',
          'HEAD',
          '--out',
          path.join(dir, 'report.md'),
          ...extra,
        ],
        { cwd: root, maxBuffer: 64 << 20 },
      ).catch((e: { code?: number }) => {
        if (e.code !== 1) throw e; // 1: the gate failed, as a breaking change should
      });
  await review()(); // the launcher's bundle, made once
  for (const [name, text] of Object.entries(changes(source))) {
    await writeFile(spec, text);
    const [bare, ours, full] = (await timeAll([
      () => redoclyDiff(base, spec, dir),
      review(),
      review('--lint', '--types'),
    ])) as [Figure, Figure, Figure];
    const ratio = (x: Figure, key: keyof Figure) => `${(x[key] / bare[key]).toFixed(2)}×`;
    const line = (label: string, x: Figure, goal = '') =>
      console.log(
        `  ${label.padEnd(26)} ${x.wall.toFixed(0).padStart(6)} ms wall ${ratio(x, 'wall')}, ${x.cpu.toFixed(0).padStart(6)} ms CPU ${ratio(x, 'cpu')}${goal}`,
      );
    console.log(`${name}:`);
    line('redocly diff (bare)', bare);
    line('review (npm run review)', ours, '  (goal ≤ 2×)');
    line('review --lint --types', full);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
