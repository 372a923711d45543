// Build step `packages`: compiles each shipped package (src → dist, with declarations) with the TypeScript
// API in this process, then copies in the generated files it embeds, so no package reaches outside itself.
import { copyFile, rm } from 'node:fs/promises';
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
 * A compiler host that parses each file under node_modules (the lib .d.ts files, @types/node, undici's types)
 * once for all the packages compiled in this process: separate tsc runs parse them again for every package,
 * and that parsing was a quarter of the packages step in a CPU profile of the build.
 */
const parsedLibraries = new Map<string, ts.SourceFile>();
function sharingHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (file, languageVersion, onError, shouldCreate) => {
    if (!file.includes('/node_modules/')) return parse(file, languageVersion, onError, shouldCreate);
    const version = typeof languageVersion === 'object' ? languageVersion.languageVersion : languageVersion;
    const key = `${version}:${file}`;
    const cached = parsedLibraries.get(key);
    if (cached) return cached;
    const parsed = parse(file, languageVersion, onError, shouldCreate);
    if (parsed) parsedLibraries.set(key, parsed);
    return parsed;
  };
  return host;
}

/**
 * Compiles one package's tsconfig.json into its dist/ (emptied first); throws with tsc's diagnostics.
 * Emits without a second type check (`noCheck`): `npm run check` (tsc over the whole repo, packages' sources
 * included, with the same strictness) is the type check; a CPU profile put it at half of this step.
 */
export async function compilePackage(dir: string): Promise<void> {
  const configPath = path.join(dir, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dir);
  await rm(path.join(dir, 'dist'), { recursive: true, force: true });
  const options = { ...parsed.options, noCheck: true };
  const program = ts.createProgram({ rootNames: parsed.fileNames, options, host: sharingHost(options) });
  const result = program.emit();
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getSyntacticDiagnostics(),
    ...result.diagnostics,
  ];
  if (diagnostics.length) {
    throw new Error(`${path.relative(root, dir)} build failed:\n${ts.formatDiagnostics(diagnostics, host)}`);
  }
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
