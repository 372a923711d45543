// Build step `client`: compiles packages/client/src to dist with the TypeScript API (same process as the
// other steps) and puts the generated types in dist/api.d.ts, so the tarball is self-contained.
import { copyFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const here = (rel: string) => fileURLToPath(new URL(rel, import.meta.url));

export async function build(): Promise<void> {
  const configPath = here('./tsconfig.json');
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, here('.'));
  await rm(here('./dist'), { recursive: true, force: true });
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  const result = program.emit();
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics];
  if (diagnostics.length) {
    const host = {
      getCanonicalFileName: (f: string) => f,
      getCurrentDirectory: ts.sys.getCurrentDirectory,
      getNewLine: () => '\n',
    };
    throw new Error(`client build failed:\n${ts.formatDiagnostics(diagnostics, host)}`);
  }
  // dist/api.d.ts was emitted as a re-export of ../../../generated/api.js: replace it with the file.
  await copyFile(here('../../generated/api.d.ts'), here('./dist/api.d.ts'));
}
