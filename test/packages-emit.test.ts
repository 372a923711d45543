// The build emits each shipped package file by file (scripts/packages.ts, no program). That must write what
// tsc itself writes for the package, JavaScript and declarations, byte for byte; and a package file whose
// exported types cannot be read from it alone must fail the build instead of shipping a wrong declaration.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePackage } from '../scripts/packages.ts';
import { root } from '../scripts/paths.ts';

const run = promisify(execFile);
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const packageNames = await readdir(path.join(root, 'packages'));

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
  it('is emitted file by file exactly as tsc emits it with its own tsconfig', async () => {
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

it('fails the build on an exported function whose return type only a type checker could tell', async () => {
  const dir = path.join(work, 'inferred');
  await mkdir(path.join(dir, 'src'), { recursive: true });
  await writeFile(path.join(dir, 'package.json'), '{"type":"module"}\n');
  const { compilerOptions } = JSON.parse(
    await readFile(path.join(root, 'packages/client/tsconfig.json'), 'utf8'),
  );
  await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  await writeFile(
    path.join(dir, 'src/index.ts'),
    "import { helper } from './helper.js';\nexport const twice = (n: number) => helper(n) * 2;\n",
  );
  await writeFile(path.join(dir, 'src/helper.ts'), 'export const helper = (n: number): number => n;\n');
  await expect(compilePackage(dir)).rejects.toThrow(/index\.ts.*TS9007|TS9007.*index\.ts/s);
});
