// Builds @banking-api/model from model/, the one loader: its sources stay where every tool of this repository
// imports them, and the package ships them bundled (esbuild), so that it reaches nothing outside itself.
// Packages stay external, declared in packages/model/package.json: Redocly's openapi-core and js-yaml,
// which the loader reads with, and @banking-api/contract, whose schema helpers model/ imports from its
// source here (the plugin below points those imports at the package). Declarations come from model/make.ts
// alone: its exports spell out their types, which name only @banking-api/contract's.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import ts from 'typescript';
import { root } from '../scripts/paths.ts';
import { writeAtomically } from '../scripts/write-atomically.ts';

const ENTRY = path.join(root, 'model', 'make.ts');
const CONTRACT_SOURCE = /(^|\/)packages\/contract\/src\/[a-z-]+\.ts$/;

/** `../packages/contract/src/schemas.ts` in model/ is `@banking-api/contract` once shipped. */
const contractPackage: Plugin = {
  name: 'contract-package',
  setup(on) {
    on.onResolve({ filter: CONTRACT_SOURCE }, () => ({ path: '@banking-api/contract', external: true }));
  },
};

/** dist/index.js (writeModel, readContract), dist/cli.js (the command) and dist/index.d.ts. */
export async function buildModelPackage(dir: string): Promise<void> {
  const outdir = path.join(dir, 'dist');
  await rm(outdir, { recursive: true, force: true }); // chunks are named by hash: none of an earlier build stays
  await build({
    entryPoints: { index: ENTRY, cli: path.join(root, 'model', 'cli.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    packages: 'external',
    plugins: [contractPackage],
    chunkNames: 'loader-[hash]',
    logLevel: 'silent',
  });
  const { outputText, diagnostics = [] } = ts.transpileDeclaration(await readFile(ENTRY, 'utf8'), {
    fileName: ENTRY,
    compilerOptions: { isolatedDeclarations: true, allowImportingTsExtensions: true },
  });
  if (diagnostics.length)
    throw new Error(
      `model/make.ts declarations: ${ts.flattenDiagnosticMessageText(diagnostics[0]?.messageText, '\n')}`,
    );
  await writeAtomically(path.join(outdir, 'index.d.ts'), outputText);
}
