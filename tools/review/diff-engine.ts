// The breaking-change engine: `redocly diff` (experimental, @redocly/cli). It has no Node API, so it runs
// as a child process and we read its JSON report. It resolves `$ref`s itself, so it reads the source files
// and can start before this process has loaded the other tools (most of a cold review's time), once both
// files are known to name nothing outside themselves and to be within the loader's limits (a spec is
// untrusted): a quick check without Redocly (model/self-contained.ts), else the loader's full one.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { selfContained } from '../../model/self-contained.ts';
import { root } from '../../scripts/paths.ts';

const run = promisify(execFile);
const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
const config = fileURLToPath(new URL('./diff-config.yaml', import.meta.url));

/** Semver impact as the engine rates it: major = breaking, minor = compatible addition, patch = docs. */
export type Impact = 'major' | 'minor' | 'patch';

export type Location = { file: string; pointer: string; line?: number; value?: unknown };

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
  return withAbsoluteFiles(report, path.dirname(outFile));
}

/** The engine names files relative to its working directory (a temporary one): make them absolute. */
function withAbsoluteFiles(report: EngineReport, cwd: string): EngineReport {
  const absolute = (at: Location | undefined) => at && { ...at, file: path.resolve(cwd, at.file) };
  const changes = report.changes.map((c) => ({
    ...c,
    base: absolute(c.base),
    revision: absolute(c.revision),
    verdicts: c.verdicts.map((v) => ({ ...v, location: absolute(v.location) })),
  }));
  return { ...report, changes };
}

/** The spec a base without openapi.yaml is compared as: everything in the head is new. */
export const EMPTY_SPEC = { openapi: '3.1.0', info: { title: '(no spec)', version: '0.0.0' }, paths: {} };

/** Throws unless the engine may read `file` (see above); the full check's opening serves the next load. */
async function engineMayRead(file: string): Promise<void> {
  if (await selfContained(file)) return;
  const { checkContract } = await import('../../model/load.ts');
  await checkContract(file);
}

/**
 * Starts the engine on two spec files (base undefined: no spec at the base) in a temporary directory.
 * The process is spawned before this returns, so the caller may block on other work right away.
 */
export async function startDiffEngine(baseFile: string | undefined, headFile: string): Promise<EngineReport> {
  await Promise.all([baseFile, headFile].map((file) => file && engineMayRead(file)));
  const dir = mkdtempSync(path.join(tmpdir(), 'spec-review-diff-'));
  try {
    const base = baseFile ?? path.join(dir, 'empty.json');
    if (!baseFile) writeFileSync(base, JSON.stringify(EMPTY_SPEC));
    return await runDiffEngine(base, headFile, path.join(dir, 'diff.json'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
