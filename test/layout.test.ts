// The layout's rules, checked on the files: tools, the pipeline, the launcher's scripts, the loader and the
// benchmarks never import from the test tree (a test may import them); a package's source never reaches
// outside its folder; no `X.ts` sits beside an `X/`; no two files of pipeline/, tools/ and scripts/ share a
// name but the entries every tool has (cli.ts) and the step folders' index.ts; no import cycle in shipped code.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../scripts/paths.ts';
import { cyclesOf, importGraph, loopThrough } from './support/import-graph.ts';

const sourcesUnder = (dir: string) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|mts|mjs)$/.test(f) && !f.endsWith('.d.ts') && !f.includes('node_modules'))
    .map((f) => path.join(root, dir, f));

/** The relative imports of a file, resolved to absolute paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from '([^']+)'|import\('([^']+)'\)/g)]
    .map(([, a, b]) => a ?? b ?? '')
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier));
}

/** The package imports of a file (`from 'undici'`, `import('ajv')`), type-only ones included. */
const packageImportsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/from '([^'.][^']*)'|import\('([^'.][^']*)'\)/g)].map(
    ([, a, b]) => a ?? b ?? '',
  );

const inside = (target: string, dir: string) => target.startsWith(path.join(root, dir) + path.sep);
// @banking-api/model has no src/: it is built from model/ (pipeline/model-package.ts), checked as model/.
const packages = readdirSync(path.join(root, 'packages')).filter((p) =>
  existsSync(path.join(root, 'packages', p, 'src')),
);

describe('layout', () => {
  it.each(['tools', 'pipeline', 'scripts', 'model', 'bench'])(
    'no file under %s/ imports from test/',
    (dir) => {
      const files = sourcesUnder(dir);
      expect(files.length).toBeGreaterThan(0);
      const offenders = files.filter((file) => importsOf(file).some((target) => inside(target, 'test')));
      expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
    },
  );

  it.each(packages)('@banking-api/%s never imports outside its folder', (name) => {
    const offenders = sourcesUnder(`packages/${name}/src`).filter((file) =>
      importsOf(file).some((target) => !inside(target, `packages/${name}`)),
    );
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });

  it.each(packages)('@banking-api/%s imports only node: built-ins and the packages it declares', (name) => {
    // It ships alone: a package its package.json does not name is not there in a consumer's install.
    const manifest = JSON.parse(readFileSync(path.join(root, 'packages', name, 'package.json'), 'utf8'));
    const declared = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
    const undeclared = sourcesUnder(`packages/${name}/src`).flatMap((file) =>
      packageImportsOf(file)
        .filter((spec) => !spec.startsWith('node:'))
        .filter((spec) => !declared.some((dep) => spec === dep || spec.startsWith(`${dep}/`)))
        .map((spec) => `${path.relative(root, file)}: ${spec}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('no X.ts beside an X/ folder, and no two files of pipeline/, tools/ and scripts/ share a name', () => {
    const files = ['pipeline', 'tools', 'scripts'].flatMap(sourcesUnder).map((f) => path.relative(root, f));
    expect(files.filter((f) => existsSync(path.join(root, f.replace(/\.[cm]?[jt]s$/, ''))))).toEqual([]);
    const shared = new Set(['cli.ts', 'command.ts', 'index.ts']); // each tool's entry and command, each step's
    const byName = new Map<string, string[]>();
    for (const f of files) byName.set(path.basename(f), [...(byName.get(path.basename(f)) ?? []), f]);
    expect([...byName].filter(([name, all]) => all.length > 1 && !shared.has(name))).toEqual([]);
  });
});

describe('imports run one way', () => {
  const graph = importGraph(root);
  const cycles = cyclesOf(graph).map((cycle) => ({
    files: cycle.map((f) => path.relative(root, f)),
    loop: loopThrough(graph, cycle).map((f) => path.relative(root, f)),
  }));

  it('reads every folder of shipped code', () => {
    const files = [...graph.keys()].map((f) => path.relative(root, f));
    for (const folder of ['model/', 'pipeline/', 'tools/', 'scripts/', 'packages/mock/src/'])
      expect(
        files.some((f) => f.startsWith(folder)),
        folder,
      ).toBe(true);
  });

  it('finds a cycle made of a type-only import, a re-export and a dynamic import', () => {
    const work = mkdtempSync(path.join(tmpdir(), 'banking-cycles-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
        writeFileSync(path.join(work, file), text);
      };
      write('packages/x/src/a.ts', "import type { B } from './b.js';\nexport type A = B;\n");
      write('packages/x/src/b.ts', "export { c } from './c.ts';\nexport type B = string;\n");
      write('packages/x/src/c.ts', "export const c = () => import('./a.js');\n");
      write('tools/t/cli.ts', "import '../../packages/x/src/b.ts';\n");
      const found = cyclesOf(importGraph(work)).map((c) => c.map((f) => path.relative(work, f)));
      expect(found).toEqual([['packages/x/src/a.ts', 'packages/x/src/b.ts', 'packages/x/src/c.ts']]);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('has no import cycle in shipped code', () => {
    const offending = cycles.map(
      (c) => `${c.loop.join(' → ')} (a cycle of ${c.files.length} files: ${c.files.join(', ')})`,
    );
    expect(offending).toEqual([]);
  });
});
