// The spec as it was at a git ref, written to a temporary directory (the working tree is left alone).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function git(cwd: string, ...args: string[]): Promise<string> {
  try {
    return (await run('git', args, { cwd, maxBuffer: 64 * 1024 * 1024 })).stdout.trim();
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`git ${args.join(' ')} failed in ${cwd}: ${stderr || (error as Error).message}`);
  }
}

/** The top directory of the git repository holding `file`. */
export async function repoOf(file: string): Promise<string> {
  return git(path.dirname(file), 'rev-parse', '--show-toplevel');
}

/** The default base: where this branch left main (origin/main in CI checkouts that have no local main). */
export async function defaultBase(repo: string): Promise<string> {
  for (const main of ['main', 'origin/main']) {
    try {
      return await git(repo, 'merge-base', 'HEAD', main);
    } catch {}
  }
  throw new Error('No merge base with main or origin/main: pass --base <git ref>');
}

/**
 * What the head of a review of the working tree is: `HEAD (abc1234)`, with `+ uncommitted changes` when the
 * spec's folder has tracked files that differ from that commit (the review reads the files as they are).
 */
export async function describeHead(repo: string, specRelative: string): Promise<string> {
  const commit = await git(repo, 'rev-parse', '--verify', 'HEAD^{commit}').catch(() => undefined);
  if (!commit) return 'working tree (no commit yet)';
  const folder = path.dirname(specRelative) || '.';
  const changes = await git(repo, 'status', '--porcelain', '--untracked-files=no', '--', folder);
  return `HEAD (${commit.slice(0, 7)})${changes ? ' + uncommitted changes' : ''}`;
}

export type Snapshot = {
  /** The commit the ref resolved to. */
  commit: string;
  /** The spec file in the snapshot, or undefined when the ref has no spec yet. */
  specFile: string | undefined;
  /** The snapshot's folder: the repository's root at the ref. */
  dir: string;
  dispose: () => Promise<void>;
};

/** A `$ref` to another file or URL (`$ref: ./schemas.yaml#/Amount`): the spec needs the files beside it. */
const EXTERNAL_REF = /\$ref['"]?\s*:\s*['"]?(?!#)[^'"\s#]/;

/** The file's text at `commit`, or undefined when the commit has no such file. */
async function fileAt(repo: string, commit: string, relative: string): Promise<string | undefined> {
  const show = await run('git', ['show', `${commit}:${relative}`], {
    cwd: repo,
    maxBuffer: 64 * 1024 * 1024,
  }).catch(() => undefined);
  return show?.stdout;
}

/**
 * The spec at `ref` in a temporary folder laid out as the repository: the spec alone when it is one
 * self-contained file (one `git show`), else the whole tree with `git archive` (it may `$ref` files
 * anywhere). `specRelative` is the spec's path inside the repository.
 */
export async function snapshotAt(repo: string, ref: string, specRelative: string): Promise<Snapshot> {
  const commit = await git(repo, 'rev-parse', '--verify', `${ref}^{commit}`).catch(() => {
    throw new Error(`Unknown git ref "${ref}" (fetch it first, e.g. git fetch origin main)`);
  });
  const dir = await mkdtemp(path.join(tmpdir(), 'spec-review-base-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  const specFile = path.join(dir, specRelative);
  try {
    const text = await fileAt(repo, commit, specRelative);
    if (text !== undefined && !EXTERNAL_REF.test(text)) {
      await mkdir(path.dirname(specFile), { recursive: true });
      await writeFile(specFile, text);
    } else if (text !== undefined) await extract(repo, commit, dir);
  } catch (error) {
    await dispose();
    throw error;
  }
  return { commit, specFile: existsSync(specFile) ? specFile : undefined, dir, dispose };
}

/** `git archive <commit> | tar -x -C <dir>`: both processes at once, no archive file in between. */
async function extract(repo: string, commit: string, dir: string): Promise<void> {
  const archive = spawn('git', ['archive', '--format=tar', commit], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tar = spawn('tar', ['-x', '-C', dir], { stdio: ['pipe', 'ignore', 'pipe'] });
  archive.stdout.pipe(tar.stdin);
  const [archived, extracted] = await Promise.all([exitOf(archive), exitOf(tar)]);
  if (archived || extracted)
    throw new Error(`git archive ${commit} | tar -x failed: ${archived || extracted}`);
}

/** '' when the process exits with 0, else its stderr (or exit code). */
function exitOf(child: ChildProcess): Promise<string> {
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code === 0 ? '' : stderr.trim() || `exit code ${code}`));
  });
}
