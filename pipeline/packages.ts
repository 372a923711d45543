// Build step `packages`: compiles each shipped package (src → dist, with declarations) with the TypeScript
// API in this process, then copies in the generated files it embeds, so no package reaches outside itself.
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { DETAILS_FILE, packModel } from '../model/pack.ts';
import { root } from '../scripts/paths.ts';
import { writeAtomically } from '../scripts/write-atomically.ts';
import { buildModelPackage } from './model-package.ts';

/** Packages in dependency order, with the generated files each carries in dist/. */
/** A generated file as a package embeds it: copied, or made into files (by name, beside the target) by `pack`. */
type Embed = string | { from: string; pack: (text: string) => Record<string, string> };

/** `build`: how a package not compiled from its own src/ is made (the model's, bundled from model/). */
const PACKAGES: { name: string; embeds: Record<string, Embed>; build?: (dir: string) => Promise<void> }[] = [
  {
    name: 'contract',
    embeds: {
      'dist/openapi.json': 'generated/openapi.json',
      // Each repeated schema written once (model/pack.ts): the whole model grew 10x faster than the contract.
      'dist/model.json': {
        from: 'generated/contract-model.json',
        pack: (text) => {
          const { model, details } = packModel(JSON.parse(text));
          return { [DETAILS_FILE]: details, 'model.json': model }; // in this order: the model names the details
        },
      },
      'dist/api.d.ts': 'generated/api.d.ts',
    },
  },
  // The loader reads the contract with the repository's Redocly config (model/redocly.ts: `../redocly.yaml`).
  { name: 'model', embeds: { 'redocly.yaml': 'redocly.yaml' }, build: buildModelPackage },
  { name: 'client', embeds: {} },
  { name: 'conformance', embeds: {} },
  { name: 'verify', embeds: {} },
  {
    // Prism's preloads are CommonJS files that the compiler does not copy.
    name: 'mock',
    embeds: {
      'dist/prism/faker-timestamps.cjs': 'packages/mock/src/prism/faker-timestamps.cjs',
    },
  },
];

const host: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: ts.sys.getCurrentDirectory,
  getNewLine: () => '\n',
};

/** Options an emit that reads each file alone cannot honour (resolution, or a second output, would be needed). */
const UNSUPPORTED_OPTIONS = [
  'allowJs',
  'resolveJsonModule',
  'sourceMap',
  'inlineSourceMap',
  'declarationMap',
  'outFile',
];

/**
 * The options to emit the package's files with, each file read on its own: no module resolution, no default
 * library, no type check. Under Node16/NodeNext, TypeScript would need each file's package.json "type" to tell
 * its module kind: every file is checked to be an ES module (all the packages are, anything else is refused)
 * and the kind is given outright.
 */
function emitOptions(files: readonly string[], options: ts.CompilerOptions): ts.CompilerOptions {
  const { module, moduleResolution: _, ...rest } = options; // no resolution happens: each file is read alone
  const isolated = { ...rest, noResolve: true, noLib: true, types: [], noCheck: true };
  if (module !== ts.ModuleKind.Node16 && module !== ts.ModuleKind.NodeNext) return { ...isolated, module };
  for (const file of files) {
    const format = ts.getImpliedNodeFormatForFile(file as ts.Path, undefined, ts.sys, options);
    if (format !== ts.ModuleKind.ESNext)
      throw new Error(`${path.relative(root, file)} is CommonJS; the packages step emits ES modules only`);
  }
  return { ...isolated, module: ts.ModuleKind.ESNext };
}

/** The options of the package's tsconfig.json, checked for what this emit needs and supports. */
function packageOptions(dir: string) {
  const configPath = path.join(dir, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dir);
  const where = path.relative(root, configPath);
  if (!parsed.options.isolatedDeclarations || !parsed.options.rootDir)
    throw new Error(`${where}: the packages step needs isolatedDeclarations and rootDir`);
  const unsupported = UNSUPPORTED_OPTIONS.filter((name) => parsed.options[name]);
  if (unsupported.length)
    throw new Error(`${where}: the packages step does not support ${unsupported.join(', ')}`);
  const other = parsed.fileNames.find((f) => !/\.[cm]?ts$/.test(f));
  if (other) throw new Error(`${where}: the packages step emits .ts, .mts and .cts files only, not ${other}`);
  return parsed;
}

/**
 * Compiles one package's tsconfig.json into its outDir (or `outDir`), emptied first; throws with the diagnostics.
 * One program per package that reads each file alone (see emitOptions), so that each file is parsed once and
 * its JavaScript and declarations come from one emit: the packages are written for `isolatedDeclarations`
 * (every exported type spelled out), so neither needs the types of another file. A CPU profile of the build put
 * three quarters of this step in parsing @types/node, undici's and Prism's declarations for a full program;
 * emitting each file by itself with transpileModule and transpileDeclaration parsed every file twice and made
 * two type checkers per file (1.9 s against 0.6 s of CPU, cold). `npm run check` is the type check.
 */
export async function compilePackage(dir: string, outDir?: string): Promise<void> {
  const { options, fileNames, errors } = packageOptions(dir);
  const target = outDir ?? options.outDir;
  if (!target) throw new Error(`${path.relative(root, dir)}/tsconfig.json: no outDir`);
  await rm(target, { recursive: true, force: true });
  const files = fileNames.filter((f) => !/\.d\.[cm]?ts$/.test(f));
  const program = ts.createProgram(files, { ...emitOptions(files, options), outDir: target });
  const writes: Promise<void>[] = [];
  const emitted = program.emit(undefined, (file, text) => writes.push(writeOut(file, text)));
  await Promise.all(writes);
  // Syntax errors, and from the declarations' emit what a file alone does not tell (TS9007 and its kin).
  const problems = [...errors, ...program.getSyntacticDiagnostics(), ...emitted.diagnostics];
  if (problems.length) {
    throw new Error(`${path.relative(root, dir)} build failed:\n${ts.formatDiagnostics(problems, host)}`);
  }
}

async function writeOut(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeAtomically(file, text);
}

type Package = (typeof PACKAGES)[number];

/** The packages compiled from their own src/, in the order the step compiles them (bench/lib/clis.ts runs tsc on each). */
export const PACKAGE_NAMES: readonly string[] = PACKAGES.filter((p) => !p.build).map((p) => p.name);

/** Compiles one package and copies in the generated files it embeds. */
async function buildPackage({ name, embeds, build = compilePackage }: Package): Promise<void> {
  const dir = path.join(root, 'packages', name);
  await build(dir);
  await copyEmbeds(name, embeds);
}

const copyEmbeds = (name: string, embeds: Record<string, Embed>) =>
  Promise.all(
    Object.entries(embeds).map(async ([to, embed]) => {
      const target = path.join(root, 'packages', name, to);
      // Atomic both ways: the bundle step may be rewriting the source, a mock or test reading the target.
      if (typeof embed === 'string') return writeAtomically(target, await readFile(path.join(root, embed)));
      const files = embed.pack(await readFile(path.join(root, embed.from), 'utf8'));
      for (const [name, text] of Object.entries(files))
        await writeAtomically(path.join(path.dirname(target), name), text);
    }),
  );

const CONTRACT = PACKAGES[0] as Package;
let contractBuilt: Promise<void> | undefined;

/**
 * @banking-api/contract, compiled once per build with the generated files as they are (committed, so present
 * on a fresh clone): the docs step asks its queries and starts before the bundle and types steps are done.
 */
export function contractPackage(): Promise<void> {
  contractBuilt ??= buildPackage(CONTRACT);
  return contractBuilt;
}

/** Every package, in dependency order; the contract's embeds copied again, as bundle and types rewrote them. */
export async function packages(): Promise<void> {
  await contractPackage();
  for (const pkg of PACKAGES.slice(1)) await buildPackage(pkg);
  await copyEmbeds(CONTRACT.name, CONTRACT.embeds);
}
