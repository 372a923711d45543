// The review of a one-line edit (the first operation's summary, or its description where it has none) of a
// subject's contract, `npm run review` as a new process (npm left out), beside the bare engine, `redocly
// diff`, on the same two files: time and peak memory (bench/lib/measure.ts).
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { NPM_SCRIPT_FLAGS, type Subject } from '../lib/clis.ts';
import { type Measured, measured } from '../lib/measure.ts';
import { redoclyDiffArgs } from '../lib/redocly-diff.ts';
import { alternateEach, median, mib, type Row } from './stats.ts';

const run = promisify(execFile);

/** The first operation's summary or description line under `paths:`, edited; the original text goes to `base`. */
export async function editOneLine(spec: string, base: string): Promise<void> {
  const text = await readFile(spec, 'utf8');
  const lines = text.split('\n');
  const paths = lines.indexOf('paths:');
  const find = (key: string) =>
    lines.findIndex((l, i) => i > paths && new RegExp(`^ {6}${key}: \\S`).test(l));
  const at = [find('summary'), find('description')].find((i) => i > 0);
  if (paths < 0 || at === undefined) throw new Error(`bench: no operation summary or description in ${spec}`);
  const line = lines[at] as string;
  const value = line.slice(line.indexOf(': ') + 2);
  if (/^[|>]/.test(value))
    lines[at + 1] = `${lines[at + 1]} (edited)`; // a block scalar: its first line
  else if (/^["']/.test(value))
    lines[at] = `${line.slice(0, -1)} (edited)${line.slice(-1)}`; // inside the quotes
  else lines[at] = `${line} (edited)`;
  await writeFile(base, text);
  await writeFile(spec, lines.join('\n'));
}

export async function reviewRows(subject: Subject, rounds: number): Promise<Row[]> {
  const { repo, spec } = subject;
  const base = path.join(repo, 'base.yaml');
  await editOneLine(spec, base);
  try {
    const review = [
      ...NPM_SCRIPT_FLAGS, // as `npm run review` runs it
      'scripts/launch.mjs',
      'tools/review/cli.ts',
      '--spec',
      spec,
      '--base',
      'HEAD',
      '--out',
      'review.md',
    ];
    const diff = await redoclyDiffArgs(base, spec, repo);
    await measured(review, repo); // the launcher's bundle, made once
    const sides = { ours: [] as Measured[], bare: [] as Measured[] };
    await alternateEach(rounds, [() => measured(review, repo), () => measured(diff, repo)], (t, _ms, m) =>
      (t === 0 ? sides.ours : sides.bare).push(m),
    );
    const at = (side: Measured[], key: 'wall' | 'cpu' | 'peak') => median(side.map((m) => m[key]));
    return [
      {
        what: 'review of a one-line edit (vs redocly diff)',
        ours: at(sides.ours, 'wall'),
        bare: at(sides.bare, 'wall'),
        unit: 'ms',
      },
      {
        what: 'review of a one-line edit, CPU time',
        ours: at(sides.ours, 'cpu'),
        bare: at(sides.bare, 'cpu'),
        unit: 'ms',
      },
      {
        what: 'review of a one-line edit, peak memory',
        ours: mib(at(sides.ours, 'peak')),
        bare: mib(at(sides.bare, 'peak')),
        unit: 'MiB',
      },
    ];
  } finally {
    await run('git', ['checkout', '--', path.relative(repo, spec)], { cwd: repo });
  }
}
