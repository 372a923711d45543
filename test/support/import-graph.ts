// The import graph of the shipped code (model/, pipeline/, tools/, scripts/ and each package's src/), read
// by TypeScript's own pre-processor: every `import`, `import type`, `export … from`, dynamic `import()` and
// `require()` of a relative path counts, type-only ones included (a type-only cycle still ties two files into
// one unit a reader must take in together). Its cycles are the strongly connected components of two or more
// files, or a file importing itself.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The folders whose files ship or run the toolkit (tests, fixtures and benchmarks aside). */
export function shippedFolders(root: string): string[] {
  const packages = readdirSync(path.join(root, 'packages')).map((name) => path.join('packages', name, 'src'));
  return ['model', 'pipeline', 'tools', 'scripts', ...packages];
}

const SOURCE = /\.(?:ts|mts|cts|js|mjs|cjs)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'test', 'fixtures']);

function sourceFiles(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (SKIPPED.has(name)) continue;
    if (statSync(file).isDirectory()) sourceFiles(file, out);
    else if (SOURCE.test(name) && !/\.d\.[cm]?ts$/.test(name) && !/\.test\./.test(name)) out.push(file);
  }
  return out;
}

/** A relative specifier as Node or TypeScript resolves it: `./x.js` may name `x.ts`, a folder its index. */
function resolved(from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(?:[cm]?js|[cm]?ts)$/, '');
  const candidates = [
    base,
    ...['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'].map((ext) => stem + ext),
    ...['index.ts', 'index.js'].map((index) => path.join(base, index)),
  ];
  return candidates.find((candidate) => known.has(candidate));
}

/** Each shipped file (absolute) and the shipped files it imports. */
export function importGraph(root: string): Map<string, Set<string>> {
  const files = shippedFolders(root).flatMap((folder) => sourceFiles(path.join(root, folder)));
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((f) => resolved(file, f.fileName, known));
    graph.set(file, new Set(targets.filter((t): t is string => t !== undefined)));
  }
  return graph;
}

/** The cycles of the graph (Tarjan's strongly connected components), each as its files, sorted. */
export function cyclesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) visit(target);
      if (onStack.has(target)) low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.has(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** The shortest loop from a cycle's first file back to it, as `a → b → a`: where to cut, in a failure. */
export function loopThrough(
  graph: ReadonlyMap<string, ReadonlySet<string>>,
  cycle: readonly string[],
): string[] {
  const members = new Set(cycle);
  const start = cycle[0] as string;
  const parent = new Map<string, string>([[start, start]]);
  const queue = [start];
  for (const here of queue)
    for (const target of graph.get(here) ?? []) {
      if (target === start) {
        const trail = [here];
        while (trail[0] !== start) trail.unshift(parent.get(trail[0] as string) as string);
        return [...trail, start];
      }
      if (members.has(target) && !parent.has(target)) {
        parent.set(target, here);
        queue.push(target);
      }
    }
  return [start];
}
