// Renders a spec file to one HTML page with Redoc 3 (`redocly build-docs`, the bundled CLI): plain Redoc, the
// yardstick of the reference site in bench/docs.ts and bench/scale.ts.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

export interface RenderInput {
  specFile: string;
  outFile: string;
  /** Redoc options (redocly.yaml `openapi:` plus what the build adds). */
  options: Record<string, unknown>;
  /** Values for the page template (`templateOptions.*`). */
  templateOptions: Record<string, string>;
  /** Redoc's script inside the page (the default), or loaded from Redoc's CDN (bench/docs.ts compares). */
  inlineBundle?: boolean;
}

const cliDir = path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json'));

export async function renderWithCli(input: RenderInput): Promise<void> {
  const args = [
    path.join(cliDir, 'bin/cli.js'),
    'build-docs',
    input.specFile,
    '-o',
    input.outFile,
    ...(input.inlineBundle === false ? [] : ['--inlineBundle']),
    '--openapi',
    JSON.stringify(input.options),
    ...Object.entries(input.templateOptions).map(([k, v]) => `--templateOptions.${k}=${v}`),
  ];
  await promisify(execFile)(process.execPath, args, { env: process.env }).catch(
    (error: Error & { stderr?: string }) => {
      throw new Error(`docs: redocly build-docs failed:\n${error.stderr ?? error.message}`);
    },
  );
}
