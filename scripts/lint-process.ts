// The lint step in a child Node process: Spectral's and Redocly's lint are plain CPU work on one thread, so in
// a process of their own they run on another core beside the packages' TypeScript compile (scripts/build.ts).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const lintScript = fileURLToPath(new URL('./lint.ts', import.meta.url));
/** tsx's loader, by URL: the child loads TypeScript as this process does, without tsx's own CLI process. */
const tsxLoader = import.meta.resolve('tsx');

/** Runs scripts/lint.ts (its CLI) on the contract; prints the problems; throws when the lint fails. */
export async function lintInChild(): Promise<void> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', tsxLoader, lintScript], {
      env: process.env,
      maxBuffer: 16 << 20,
    });
    const problems = stdout.split('\n').filter((line) => line && line !== 'lint: no problems');
    if (problems.length) console.log(problems.join('\n'));
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    if (stdout.trim()) console.log(stdout.trimEnd());
    throw new Error(stderr.trim() || (error as Error).message);
  }
}
