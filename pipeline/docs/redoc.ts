// Renders a spec file to one offline HTML page with Redoc 3 (`redocly build-docs --inlineBundle`),
// either in this process or through the bundled CLI. bench/docs.ts measures both.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { redoclyConfig } from '../../model/redocly.ts';

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

type BuildHandler = (args: {
  argv: Record<string, unknown>;
  config: unknown;
  collectSpecData: () => void;
}) => Promise<void>;
let handler: Promise<BuildHandler> | undefined;

/** build-docs' handler lives in a hashed chunk of the bundled CLI: found by its export name. */
async function buildHandler(): Promise<BuildHandler> {
  const chunks = path.join(cliDir, 'lib/chunks');
  for (const file of await readdir(chunks)) {
    if (!file.endsWith('.js')) continue;
    const text = await readFile(path.join(chunks, file), 'latin1');
    if (!text.includes('as handlerBuildCommand}')) continue;
    const mod = await import(pathToFileURL(path.join(chunks, file)).href);
    if (typeof mod.handlerBuildCommand === 'function') return mod.handlerBuildCommand;
  }
  throw new Error(`docs: no build-docs handler in ${chunks}; @redocly/cli changed: use renderWithCli`);
}

export async function renderInProcess(input: RenderInput): Promise<void> {
  handler ??= buildHandler();
  const config = await redoclyConfig();
  await (await handler)({
    argv: {
      api: input.specFile,
      o: input.outFile,
      inlineBundle: input.inlineBundle ?? true,
      openapi: input.options,
      templateOptions: input.templateOptions,
    },
    config,
    collectSpecData: () => {},
  });
  // The handler reports failures through the logger, not by throwing: check the output exists.
  await readFile(input.outFile).catch(() => {
    throw new Error(`docs: Redoc did not write ${input.outFile} (see the messages above)`);
  });
}

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
