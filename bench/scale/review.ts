// The review of a one-line edit (the first operation's summary) of a scaled repo, `npm run review` as a new
// process (npm left out), beside the bare engine, `redocly diff`, on the same two files.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { redoclyDiff } from '../lib/redocly-diff.ts';
import { alternate, type Row } from './stats.ts';

const run = promisify(execFile);

/** Edits the first operation's summary in the repo's openapi.yaml; the committed version goes to base.yaml. */
export async function editOneLine(repo: string): Promise<{ base: string; head: string }> {
  const head = path.join(repo, 'openapi.yaml');
  const base = path.join(repo, 'base.yaml');
  const text = await readFile(head, 'utf8');
  const changed = text.replace(/^( {6}summary: )(.+)$/m, '$1$2 (edited)');
  if (changed === text) throw new Error('bench: no summary line to change in openapi.yaml');
  await writeFile(base, text);
  await writeFile(head, changed);
  return { base, head };
}

export async function reviewRows(repo: string, rounds: number): Promise<Row[]> {
  const { base, head } = await editOneLine(repo);
  try {
    const args = ['scripts/launch.mjs', 'tools/review/cli.ts', '--base', 'HEAD', '--out', 'review.md'];
    const review = () => run(process.execPath, args, { cwd: repo, maxBuffer: 64 << 20 });
    const diff = () => redoclyDiff(base, head, repo);
    await review(); // the launcher's bundle, made once
    const [ours, bare] = await alternate(rounds, [review, diff]);
    return [{ what: 'review of a one-line edit (vs redocly diff)', ours, bare, unit: 'ms' } as Row];
  } finally {
    await run('git', ['checkout', '--', 'openapi.yaml'], { cwd: repo });
  }
}
