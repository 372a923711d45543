// Build step `packages`: compiles each shipped package (src → dist, with declarations) with the TypeScript
// API in this process, then copies in the generated files it embeds, so no package reaches outside itself.
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { root } from '../scripts/paths.ts';

/** Packages in dependency order, with the generated files each carries in dist/. */
const PACKAGES: { name: string; embeds: Record<string, string> }[] = [
  {
    name: 'contract',
    embeds: {
      'dist/openapi.json': 'generated/openapi.json',
      'dist/model.json': 'generated/contract-model.json',
      'dist/api.d.ts': 'generated/api.d.ts',
    },
  },
  { name: 'client', embeds: {} },
  { name: 'conformance', embeds: {} },
  { name: 'verify', embeds: {} },
  {
    // Prism's preloads are CommonJS files that the compiler does not copy.
    name: 'mock',
    embeds: {
      'dist/faker-timestamps.cjs': 'packages/mock/src/faker-timestamps.cjs',
    },
  },
];

const host: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: ts.sys.getCurrentDirectory,
  getNewLine: () => '\n',
};

/** Options this file-by-file emit cannot honour (a program or a second output would be needed). */
const UNSUPPORTED_OPTIONS = [
  'allowJs',
  'resolveJsonModule',
  'sourceMap',
  'inlineSourceMap',
  'declarationMap',
  'outFile',
];

/**
 * The options to emit `file` alone with. Under Node16/NodeNext, TypeScript cannot read package.json's "type"
 * when it sees one file, and would take a .ts file for CommonJS: the module kind Node gives the file is given
 * outright. Only ES modules are emitted this way (all the packages are), anything else is refused.
 */
function singleFileOptions(file: string, options: ts.CompilerOptions): ts.CompilerOptions {
  const { module } = options;
  if (module !== ts.ModuleKind.Node16 && module !== ts.ModuleKind.NodeNext) return options;
  const format = ts.getImpliedNodeFormatForFile(file as ts.Path, undefined, ts.sys, options);
  if (format !== ts.ModuleKind.ESNext)
    throw new Error(`${path.relative(root, file)} is CommonJS; the packages step emits ES modules only`);
  const { moduleResolution: _, ...rest } = options; // no resolution happens when transpiling one file
  return { ...rest, module: ts.ModuleKind.ESNext };
}

/** A diagnostic once (transpileModule and transpileDeclaration both report a syntax error). */
function distinct(diagnostics: readonly ts.Diagnostic[]): ts.Diagnostic[] {
  const key = (d: ts.Diagnostic) => `${d.file?.fileName}:${d.start}:${d.code}`;
  return [...new Map(diagnostics.map((d) => [key(d), d])).values()];
}

/** One source file's JavaScript and declarations, each emitted from that file alone. */
function emitFile(file: string, options: ts.CompilerOptions) {
  const text = ts.sys.readFile(file) ?? '';
  const compilerOptions = singleFileOptions(file, options);
  const js = ts.transpileModule(text, {
    fileName: file,
    compilerOptions: { ...compilerOptions, isolatedDeclarations: false },
    reportDiagnostics: true,
  });
  const dts = ts.transpileDeclaration(text, { fileName: file, compilerOptions, reportDiagnostics: true });
  return {
    js: js.outputText,
    dts: dts.outputText,
    problems: distinct([...(js.diagnostics ?? []), ...(dts.diagnostics ?? [])]),
  };
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
  return { ...parsed, rootDir: parsed.options.rootDir };
}

/**
 * Compiles one package's tsconfig.json into its outDir (or `outDir`), emptied first; throws with the diagnostics.
 * Each file is emitted on its own, with no program: the packages are written for `isolatedDeclarations` (every
 * exported type spelled out), so neither the JavaScript nor the declarations need the types of other files.
 * A CPU profile of the build put three quarters of this step in parsing @types/node, undici's and Prism's
 * declarations for a program; `npm run check` (tsc over the whole repo, packages included) is the type check.
 */
export async function compilePackage(dir: string, outDir?: string): Promise<void> {
  const { options, fileNames, errors, rootDir } = packageOptions(dir);
  const target = outDir ?? options.outDir;
  if (!target) throw new Error(`${path.relative(root, dir)}/tsconfig.json: no outDir`);
  await rm(target, { recursive: true, force: true });
  const problems = [...errors];
  const writes: Promise<void>[] = [];
  for (const file of fileNames.filter((f) => !/\.d\.[cm]?ts$/.test(f))) {
    const emitted = emitFile(file, options);
    problems.push(...emitted.problems);
    const [, stem, kind] = /^(.*)\.([cm]?)ts$/.exec(path.relative(rootDir, file)) as string[];
    const out = path.join(target, stem as string);
    writes.push(writeOut(`${out}.${kind}js`, emitted.js), writeOut(`${out}.d.${kind}ts`, emitted.dts));
  }
  await Promise.all(writes);
  if (problems.length) {
    throw new Error(`${path.relative(root, dir)} build failed:\n${ts.formatDiagnostics(problems, host)}`);
  }
}

async function writeOut(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

type Package = (typeof PACKAGES)[number];

/** Compiles one package and copies in the generated files it embeds. */
async function buildPackage({ name, embeds }: Package): Promise<void> {
  const dir = path.join(root, 'packages', name);
  await compilePackage(dir);
  await copyEmbeds(name, embeds);
}

const copyEmbeds = (name: string, embeds: Record<string, string>) =>
  Promise.all(
    Object.entries(embeds).map(([to, from]) =>
      copyFile(path.join(root, from), path.join(root, 'packages', name, to)),
    ),
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
