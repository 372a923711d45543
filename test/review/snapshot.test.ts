// The base spec as it was at a git ref: the file alone when self-contained, the tree when it `$ref`s files.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { snapshotAt } from '../../tools/review/git-snapshot.ts';
import { fixtureDir } from './helpers.ts';

const run = promisify(execFile);
let tmp: Awaited<ReturnType<typeof fixtureDir>>;
const git = (...args: string[]) =>
  run('git', ['-c', 'user.name=Review Test', '-c', 'user.email=review@test.invalid', ...args], {
    cwd: tmp.dir,
  });

/** Commits `files` (path → text) and returns the commit. */
async function commit(files: Record<string, string>): Promise<string> {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(tmp.dir, file)), { recursive: true });
    await writeFile(path.join(tmp.dir, file), text);
  }
  await git('add', '-A');
  await git('commit', '-q', '-m', 'files');
  return (await git('rev-parse', 'HEAD')).stdout.trim();
}

beforeAll(async () => {
  tmp = await fixtureDir();
  await git('init', '-q');
});
afterAll(() => tmp?.dispose());

const SELF_CONTAINED =
  "openapi: 3.1.0\npaths: {}\ncomponents:\n  schemas:\n    A: { $ref: '#/components/schemas/B' }\n    B: { type: string }\n";
const SPLIT = "openapi: 3.1.0\npaths: {}\ncomponents:\n  schemas:\n    A: { $ref: '../shared/b.yaml' }\n";

it('writes a self-contained spec alone, as it was at the ref', async () => {
  const sha = await commit({ 'api/openapi.yaml': SELF_CONTAINED, 'other.txt': 'x' });
  await commit({ 'api/openapi.yaml': 'changed since' });
  const snapshot = await snapshotAt(tmp.dir, sha, 'api/openapi.yaml');
  try {
    expect(snapshot.commit).toBe(sha);
    expect(snapshot.specFile).toBe(path.join(snapshot.dir, 'api/openapi.yaml'));
    expect(await readFile(snapshot.specFile as string, 'utf8')).toBe(SELF_CONTAINED);
    expect(existsSync(path.join(snapshot.dir, 'other.txt'))).toBe(false);
  } finally {
    await snapshot.dispose();
  }
  expect(existsSync(snapshot.dir)).toBe(false);
});

it('extracts the whole tree when the spec refers to other files', async () => {
  const sha = await commit({ 'api/openapi.yaml': SPLIT, 'shared/b.yaml': 'type: string\n' });
  const snapshot = await snapshotAt(tmp.dir, sha, 'api/openapi.yaml');
  try {
    expect(await readFile(snapshot.specFile as string, 'utf8')).toBe(SPLIT);
    expect(await readFile(path.join(snapshot.dir, 'shared/b.yaml'), 'utf8')).toBe('type: string\n');
  } finally {
    await snapshot.dispose();
  }
});

it('has no spec file at a ref without the spec, and names an unknown ref', async () => {
  const sha = await commit({ 'readme.txt': 'x' });
  const snapshot = await snapshotAt(tmp.dir, sha, 'nowhere/openapi.yaml');
  await snapshot.dispose();
  expect(snapshot.specFile).toBeUndefined();
  await expect(snapshotAt(tmp.dir, 'no-such-ref', 'api/openapi.yaml')).rejects.toThrow('Unknown git ref');
});
