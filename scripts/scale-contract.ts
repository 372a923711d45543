// A larger contract made from ours, for bench/scale.ts and test/scale.test.ts: every path copied under new
// prefixes (`/c2/hb/...`, operationId `createBusinessAccountC2`), the components shared, so the copy stays
// lint-clean and each copy of an operation reads the same components as the original. Text in, text out:
// the original's lines are kept as written, so source lines and a one-line edit mean the same as in it.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoCopy } from './repo-copy.ts';

const run = promisify(execFile);

/** The `paths:` section of a top-level-keyed YAML document: [start, end) line indexes of its entries. */
function pathsSection(lines: readonly string[]): [number, number] {
  const start = lines.indexOf('paths:');
  if (start === -1) throw new Error('scale: the contract has no top-level "paths:" line');
  let end = start + 1;
  while (end < lines.length && !/^[A-Za-z]/.test(lines[end] as string)) end++;
  return [start + 1, end];
}

/** `spec` (openapi.yaml's text) with `copies` copies of every path: copy 1 is the original, then /c2/..., /c3/... */
export function scaleContract(spec: string, copies: number): string {
  if (!Number.isInteger(copies) || copies < 1) throw new Error(`scale: copies must be >= 1, not ${copies}`);
  const lines = spec.split('\n');
  const [start, end] = pathsSection(lines);
  const section = lines.slice(start, end);
  const extra: string[] = [];
  for (let copy = 2; copy <= copies; copy++) {
    for (const line of section) {
      extra.push(
        line
          .replace(/^ {2}\//, `  /c${copy}/`)
          .replace(/^(\s+operationId: )([A-Za-z0-9]+)\s*$/, `$1$2C${copy}`),
      );
    }
  }
  return [...lines.slice(0, end), ...extra, ...lines.slice(end)].join('\n');
}

/**
 * A throw-away copy of the repo (scripts/repo-copy.ts) whose openapi.yaml has `copies` copies of every path,
 * committed in a git repository of its own (the base a review compares with). Its folder.
 */
export async function scaledRepo(copies: number): Promise<string> {
  const dir = await repoCopy(`scale-${copies}x-`);
  const spec = path.join(dir, 'openapi.yaml');
  await writeFile(spec, scaleContract(await readFile(spec, 'utf8'), copies));
  const git = (...args: string[]) =>
    run('git', ['-c', 'user.name=scale', '-c', 'user.email=scale@test.invalid', ...args], { cwd: dir });
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-q', '-m', `contract with ${copies} copies of every path`);
  return dir;
}
