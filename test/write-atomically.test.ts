// The build's steps read files other steps are writing (the docs step packs generated/contract-model.json while
// the bundle step rewrites it): a reader must see the old file or the new one, never a cut (CI once parsed a
// model cut at 512 KiB, writeFile's chunk).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { writeAtomically } from '../scripts/write-atomically.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

it('a reader polling while a 3 MiB file is rewritten sees only whole versions, and no draft is left', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'write-atomically-'));
  dirs.push(dir);
  const target = path.join(dir, 'model.json');
  const versions = ['a', 'b', 'c', 'd'].map((mark) => JSON.stringify({ mark, data: mark.repeat(3 << 20) }));
  await writeAtomically(target, versions[0] as string);

  let writing = true;
  const seen = new Set<string>();
  const reader = (async () => {
    let reads = 0;
    while (writing || reads === 0) {
      const { mark } = JSON.parse(await readFile(target, 'utf8')) as { mark: string };
      seen.add(mark);
      reads++;
    }
    return reads;
  })();
  for (let round = 0; round < 20; round++) await writeAtomically(target, versions[round % 4] as string);
  writing = false;

  expect(await reader).toBeGreaterThan(0);
  expect([...seen].every((mark) => 'abcd'.includes(mark))).toBe(true);
  expect(await readdir(dir)).toEqual(['model.json']);
});

it('a failed write leaves the target as it was and no draft behind', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'write-atomically-'));
  dirs.push(dir);
  await expect(writeAtomically(path.join(dir, 'missing/folder/file'), 'x')).rejects.toThrow(/ENOENT/);
  expect(await readdir(dir)).toEqual([]);
});
