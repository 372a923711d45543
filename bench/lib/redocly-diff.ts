// The bare peer of the review: `redocly diff` (experimental, in @redocly/cli) as a process on two spec files,
// with the recommended diff rules and no lint, as a team would run it in CI. Its JSON report is returned.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { root } from '../../scripts/paths.ts';

const run = promisify(execFile);
const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');

export type RedoclyChange = {
  path: string;
  kind: string;
  impact: 'major' | 'minor' | 'patch';
  verdicts: { ruleId: string; impact: string }[];
  base?: { pointer: string };
  revision?: { pointer: string };
};

/** The command line of `redocly diff base head --format json`, its config and report in `dir`. */
export async function redoclyDiffArgs(base: string, head: string, dir: string): Promise<string[]> {
  const config = path.join(dir, 'redocly-diff.yaml');
  await writeFile(config, 'extends:\n  - diff-recommended\n');
  return [
    cli,
    'diff',
    base,
    head,
    '--format',
    'json',
    '--fail-on',
    'none',
    '--config',
    config,
    '--lint-config',
    'off',
    '-o',
    path.join(dir, 'redocly-diff.json'),
  ];
}

/** Runs `redocly diff base head --format json` in `dir` (its report file goes there); its changes. */
export async function redoclyDiff(base: string, head: string, dir: string): Promise<RedoclyChange[]> {
  const args = await redoclyDiffArgs(base, head, dir);
  const out = path.join(dir, 'redocly-diff.json');
  await run(process.execPath, args, {
    cwd: dir,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    maxBuffer: 64 << 20,
  });
  return (JSON.parse(await readFile(out, 'utf8')) as { changes: RedoclyChange[] }).changes;
}
