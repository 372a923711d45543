// Build step `packages`: compiles each shipped package (src → dist, with declarations) with the TypeScript
// API in this process, then copies in the generated files it embeds, so no package reaches outside itself.
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { root } from './paths.ts';

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
  {
    // Prism's preloads are CommonJS files that the compiler does not copy.
    name: 'mock',
    embeds: {
      'dist/orphan-guard.cjs': 'packages/mock/src/orphan-guard.cjs',
      'dist/faker-timestamps.cjs': 'packages/mock/src/faker-timestamps.cjs',
    },
  },
];

const host: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: ts.sys.getCurrentDirectory,
  getNewLine: () => '\n',
};

/**
 * The module kind Node gives `file` (its package.json's "type", or .mts/.cts): transpiling one file alone,
 * TypeScript cannot look that up under `module: NodeNext` and would take every .ts file for CommonJS.
 */
function moduleKindOf(file: string, options: ts.CompilerOptions): ts.ModuleKind {
  const format = ts.getImpliedNodeFormatForFile(file as ts.Path, undefined, ts.sys, options);
  return format === ts.ModuleKind.ESNext ? ts.ModuleKind.ESNext : ts.ModuleKind.CommonJS;
}

/** One source file's JavaScript and declarations, each emitted from that file alone. */
function emitFile(file: string, options: ts.CompilerOptions) {
  const text = ts.sys.readFile(file) ?? '';
  // The file's own module kind, given outright (no resolution happens when transpiling one file).
  const { moduleResolution: _, ...rest } = options;
  const compilerOptions = { ...rest, module: moduleKindOf(file, options) };
  const js = ts.transpileModule(text, {
    fileName: file,
    compilerOptions: { ...compilerOptions, isolatedDeclarations: false },
    reportDiagnostics: true,
  });
  const dts = ts.transpileDeclaration(text, { fileName: file, compilerOptions, reportDiagnostics: true });
  return {
    js: js.outputText,
    dts: dts.outputText,
    problems: [...(js.diagnostics ?? []), ...(dts.diagnostics ?? [])],
  };
}

/**
 * Compiles one package's tsconfig.json into its outDir (or `outDir`), emptied first; throws with the diagnostics.
 * Each file is emitted on its own, with no program: the packages are written for `isolatedDeclarations` (every
 * exported type spelled out), so neither the JavaScript nor the declarations need the types of other files.
 * A CPU profile of the build put three quarters of this step in parsing @types/node, undici's and Prism's
 * declarations for a program; `npm run check` (tsc over the whole repo, packages included) is the type check.
 */
export async function compilePackage(dir: string, outDir?: string): Promise<void> {
  const configPath = path.join(dir, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const { options, fileNames, errors } = ts.parseJsonConfigFileContent(config, ts.sys, dir);
  const target = outDir ?? options.outDir;
  if (!options.isolatedDeclarations || !options.rootDir || !target)
    throw new Error(`${path.relative(root, configPath)}: needs isolatedDeclarations, rootDir and outDir`);
  await rm(target, { recursive: true, force: true });
  const problems = [...errors];
  const writes: Promise<void>[] = [];
  for (const file of fileNames.filter((f) => !/\.d\.[cm]?ts$/.test(f))) {
    const emitted = emitFile(file, options);
    problems.push(...emitted.problems);
    const [, stem, kind] = /^(.*)\.([cm]?)ts$/.exec(path.relative(options.rootDir, file)) ?? [];
    const out = path.join(target, stem ?? file);
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

export async function packages(): Promise<void> {
  for (const { name, embeds } of PACKAGES) {
    const dir = path.join(root, 'packages', name);
    await compilePackage(dir);
    await Promise.all(
      Object.entries(embeds).map(([to, from]) => copyFile(path.join(root, from), path.join(dir, to))),
    );
  }
}
