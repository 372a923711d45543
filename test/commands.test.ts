// Every npm script that starts a TypeScript script (through scripts/launch.mjs, bundled by esbuild) answers
// --help with its usage and a mistyped option with the reason, the usage and exit 2, never a stack trace. The
// scripts are read from package.json: a new command is covered when it is added there.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../scripts/paths.ts';

const run = promisify(execFile);
/** `node [flags] scripts/launch.mjs `: the scripts that read a contract give Node flags (package.json). */
const LAUNCHER = /^node (--\S+ )*scripts\/launch\.mjs /;

const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
/** The npm scripts that start a TypeScript script through the launcher. */
const launched = Object.entries(manifest.scripts)
  .filter(([, command]) => LAUNCHER.test(command.replace(/^(\w+=\S+ )+/, '')))
  .map(([name]) => name);

type Outcome = { code: number; stdout: string; stderr: string };
const outcome = (error: Partial<Outcome>): Outcome => ({
  code: error.code ?? -1,
  stdout: error.stdout ?? '',
  stderr: error.stderr ?? '',
});

/** The mock's certificates, should a command make them, go to a folder of the test's, not the repo's. */
const env = { ...process.env, MOCK_PKI_DIR: path.join(root, '.cache/commands-test-pki') };

/** `node <args>` in the repo, as npm runs the scripts. */
const node = (args: string[]): Promise<Outcome> =>
  run(process.execPath, args, { cwd: root, env, timeout: 60_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    outcome,
  );

/** `npm run <name> -- <args>`, as a user types it. */
const npmRun = (name: string, args: string[]): Promise<Outcome> =>
  run('npm', ['run', '--silent', name, '--', ...args], { cwd: root, env, timeout: 60_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    outcome,
  );

/** A script of the test's own, in a temporary folder (removed after the tests). */
const scratch: string[] = [];
afterAll(() => Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true }))));
async function scratchScript(name: string, text: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'launch-'));
  scratch.push(dir);
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
}

describe('the commands of package.json', () => {
  it('include the ones a user runs', () => {
    expect(launched).toEqual(expect.arrayContaining(['build', 'review', 'verify', 'mock']));
  });

  describe.each(launched)('npm run %s', (name) => {
    it('prints its usage for --help and exits 0', async () => {
      const { code, stdout } = await npmRun(name, ['--help']);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Usage: /m);
    });

    it('refuses an option it does not know: the reason and the usage, exit 2, no stack trace', async () => {
      const { code, stderr } = await npmRun(name, ['--no-such-option']);
      expect(code).toBe(2);
      expect(stderr).toContain("Unknown option '--no-such-option'");
      expect(stderr).toMatch(/Usage: /);
      expect(stderr).not.toMatch(/^\s+at /m);
    });
  });
});

it('npm run fuzz refuses a count that is not a whole number (a typo must not pass as 0 requests)', async () => {
  const { code, stderr } = await npmRun('fuzz', ['--requests', 'abc']);
  expect(code).toBe(2);
  expect(stderr).toContain('--requests must be a whole number, not "abc"');
});

describe('scripts/launch.mjs', () => {
  it('runs a script bundled, with import.meta naming the source file and the arguments it was given', async () => {
    // scripts/paths.ts derives the repo's root from import.meta.url: the bundle must still find openapi.yaml.
    const { code, stdout } = await node(['scripts/launch.mjs', 'tools/release/cli.ts', '--list']);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toEqual(expect.arrayContaining(['packages/client', 'packages/mock']));
  });

  it('runs the same script many times at once (outputs written by rename, named by content)', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => node(['scripts/launch.mjs', 'tools/release/cli.ts', '--list'])),
    );
    expect(new Set(outcomes.map((o) => `${o.code} ${o.stdout}`)).size).toBe(1);
    expect(outcomes[0]?.code).toBe(0);
  });

  it('says how to call it without a script', async () => {
    const { code, stderr } = await node(['scripts/launch.mjs']);
    expect(code).toBe(2);
    expect(stderr).toContain('Usage: node scripts/launch.mjs <script.ts>');
  });

  it('refuses a missing script or one that is not TypeScript, exit 2', async () => {
    const missing = await node(['scripts/launch.mjs', 'scripts/no-such-script.ts']);
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining('no such script') });
    const worker = await node(['scripts/launch.mjs', 'pipeline/lint/spectral-worker.mjs']);
    expect(worker).toMatchObject({ code: 2, stderr: expect.stringContaining('not a TypeScript file') });
  });

  it("reports a script that does not compile with esbuild's message (file and line), exit 1, no stack", async () => {
    const file = await scratchScript('broken.ts', 'const total: number = ;\n');
    const { code, stderr } = await node(['scripts/launch.mjs', file]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/broken\.ts:1:\d+/);
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it('reuses the last bundle of a script only while the files it was made from are unchanged', async () => {
    const imported = await scratchScript('word.ts', "export const word: string = 'one';\n");
    const file = path.join(path.dirname(imported), 'say.ts');
    await writeFile(file, "import { word } from './word.ts';\nconsole.log(word);\n");
    expect((await node(['scripts/launch.mjs', file])).stdout).toBe('one\n');
    expect((await node(['scripts/launch.mjs', file])).stdout).toBe('one\n');
    await writeFile(imported, "export const word: string = 'two';\n"); // an import changed, same size
    const later = new Date(Date.now() + 5_000);
    await utimes(imported, later, later);
    expect((await node(['scripts/launch.mjs', file])).stdout).toBe('two\n');
  });

  it("names the TypeScript source and line in a script's stack trace", async () => {
    const file = await scratchScript('throws.ts', "const where: string = 'here';\nthrow new Error(where);\n");
    const { code, stderr } = await node(['scripts/launch.mjs', file]);
    expect(code).toBe(1);
    expect(stderr).toContain(`(${file}:2:7)`);
  });
});
