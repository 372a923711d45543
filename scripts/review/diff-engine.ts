// The breaking-change engine: `redocly diff` (experimental, @redocly/cli). It has no Node API, so it runs
// as a child process on two bundled files and we read its JSON report.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { root } from '../paths.ts';

const run = promisify(execFile);
const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
const config = fileURLToPath(new URL('./diff-config.yaml', import.meta.url));

/** Semver impact as the engine rates it: major = breaking, minor = compatible addition, patch = docs. */
export type Impact = 'major' | 'minor' | 'patch';

type Location = { file: string; pointer: string; line?: number; value?: unknown };

/** One change of the engine's JSON report (reportVersion 1). */
export type EngineChange = {
  path: string;
  typeName?: string;
  kind: 'added' | 'removed' | 'modified';
  impact: Impact;
  property?: string;
  verdicts: { ruleId: string; impact: Impact; message: string; location?: Location }[];
  base?: Location;
  revision?: Location;
};

export type EngineReport = {
  reportVersion: string;
  infoVersions: { base?: string; revision?: string };
  bump: Impact | 'none';
  changes: EngineChange[];
};

/** Runs `redocly diff base revision --format json` and returns its report. */
export async function runDiffEngine(
  baseFile: string,
  revisionFile: string,
  outFile: string,
): Promise<EngineReport> {
  const args = [cli, 'diff', baseFile, revisionFile, '--format', 'json', '--fail-on', 'none'];
  args.push('--config', config, '--lint-config', 'off', '-o', outFile);
  try {
    await run(process.execPath, args, {
      cwd: path.dirname(outFile),
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        NO_COLOR: '1',
      },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`redocly diff failed: ${stderr || (error as Error).message}`);
  }
  const report = JSON.parse(await readFile(outFile, 'utf8')) as EngineReport;
  if (report.reportVersion !== '1')
    throw new Error(`redocly diff: unknown report version ${report.reportVersion}`);
  return report;
}
