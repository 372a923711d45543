// The build emits each shipped package with each file read alone (pipeline/packages.ts: no module resolution,
// no library, no type check). That must write what tsc itself writes for the package, JavaScript and
// declarations, byte for byte; and a package file whose exported types cannot be read from it alone must fail
// the build instead of shipping a wrong declaration.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePackage } from '../pipeline/packages.ts';
import { root } from '../scripts/paths.ts';

const run = promisify(execFile);
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
// Those compiled from their own src/ (@banking-api/model is bundled from model/: pipeline/model-package.ts).
const packageNames = (await readdir(path.join(root, 'packages'))).filter((name) =>
  existsSync(path.join(root, 'packages', name, 'tsconfig.json')),
);

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'packages-emit-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** Every file under `dir` (relative path → content). */
async function tree(dir: string): Promise<Map<string, string>> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const entries = await Promise.all(
    files.map(async (e) => {
      const file = path.join(e.parentPath, e.name);
      return [path.relative(dir, file), await readFile(file, 'utf8')] as const;
    }),
  );
  return new Map(entries.sort(([a], [b]) => a.localeCompare(b)));
}

describe.each(packageNames)('packages/%s', (name) => {
  it('is emitted, each file read alone, exactly as tsc emits it with its own tsconfig', async () => {
    const dir = path.join(root, 'packages', name);
    const ours = path.join(work, `${name}-ours`);
    const theirs = path.join(work, `${name}-tsc`);
    await compilePackage(dir, ours);
    await run(process.execPath, [tsc, '-p', dir, '--outDir', theirs, '--noCheck']);
    const [a, b] = await Promise.all([tree(ours), tree(theirs)]);
    expect([...a.keys()]).toEqual([...b.keys()]);
    expect(a.size).toBeGreaterThan(0);
    for (const [file, text] of b) expect(a.get(file), file).toBe(text);
  }, 60_000);
});

/** A package of the test's own, with the client's compiler options (plus `extra`) and these sources. */
async function scratchPackage(name: string, sources: Record<string, string>, extra = {}): Promise<string> {
  const dir = path.join(work, name);
  await mkdir(path.join(dir, 'src'), { recursive: true });
  await writeFile(path.join(dir, 'package.json'), '{"type":"module"}\n');
  const client = JSON.parse(await readFile(path.join(root, 'packages/client/tsconfig.json'), 'utf8'));
  const compilerOptions = { ...client.compilerOptions, ...extra };
  await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  for (const [file, text] of Object.entries(sources)) await writeFile(path.join(dir, 'src', file), text);
  return dir;
}

describe('a package that cannot be emitted faithfully from each file alone fails the build', () => {
  it('an exported function whose return type only a type checker could tell', async () => {
    const dir = await scratchPackage('inferred', {
      'index.ts':
        "import { helper } from './helper.js';\nexport const twice = (n: number) => helper(n) * 2;\n",
      'helper.ts': 'export const helper = (n: number): number => n;\n',
    });
    await expect(compilePackage(dir)).rejects.toThrow(/index\.ts.*TS9007|TS9007.*index\.ts/s);
  });

  it('a CommonJS file (.cts)', async () => {
    const dir = await scratchPackage('commonjs', { 'legacy.cts': 'export const one: number = 1;\n' });
    await expect(compilePackage(dir)).rejects.toThrow(/legacy\.cts is CommonJS/);
  });

  it('an option it cannot honour (source maps)', async () => {
    const dir = await scratchPackage(
      'maps',
      { 'index.ts': 'export const one: number = 1;\n' },
      { sourceMap: true },
    );
    await expect(compilePackage(dir)).rejects.toThrow(/does not support sourceMap/);
  });

  it('a syntax error, reported once with its file and line', async () => {
    const dir = await scratchPackage('syntax', { 'index.ts': 'export const one: number = ;\n' });
    const failure = await compilePackage(dir).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(failure.match(/index\.ts\(1,\d+\): error TS\d+/g)).toHaveLength(1);
  });
});
