// The Node.js majors the toolkit runs and tests on, from the npm registry (the `node-<platform>-<arch>`
// packages) into a cache of the user's (`$XDG_CACHE_HOME/banking-api-toolkit/node/<major>/`, else
// `~/.cache/...`; `BANKING_API_NODE_CACHE` names another), each installed once on first use and shared by every
// clone and worktree of the repository: a new worktree or CI job on the same machine does not download it
// again. scripts/launch.mjs moves every npm script onto TOOLKIT_NODE this way when the system Node is older;
// scripts/node-matrix.ts runs the shipped packages' tests on the other supported majors. Plain JavaScript:
// the launcher imports it before any loader.
// As a command, `node scripts/node-runtime.mjs <file.js> [args]` runs a JavaScript entry (vitest's, for
// `npm test`) on TOOLKIT_NODE.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The major the toolkit, its workflows and the mock's image run on (the active LTS). */
export const TOOLKIT_NODE = 24;
/** The majors the shipped packages support (engines) and the matrix tests. */
export const SUPPORTED_NODE = [22, 24];

const packageName = `node-${process.platform}-${process.arch}`;

/** The user's cache of Node runtimes, shared by every clone and worktree (see the top of this file). */
export function runtimeCache(env = process.env) {
  if (env.BANKING_API_NODE_CACHE) return path.resolve(env.BANKING_API_NODE_CACHE);
  const base = env.XDG_CACHE_HOME ? path.resolve(env.XDG_CACHE_HOME) : path.join(os.homedir(), '.cache');
  return path.join(base, 'banking-api-toolkit', 'node');
}

/** The binary of Node `major`, installed from the npm registry into the user's cache when missing. */
export function nodeBinary(major) {
  const prefix = path.join(runtimeCache(), String(major));
  const binary = path.join(prefix, 'node_modules', packageName, 'bin/node');
  if (existsSync(binary)) return binary;
  if (process.platform === 'win32')
    throw new Error(
      `Node ${major} is installed from the npm registry on Linux and macOS only; install it yourself.`,
    );
  // Installed aside and renamed into place: concurrent first runs (two worktrees, two CI jobs) never use half
  // an install, and the second to finish uses the first's.
  const draft = `${prefix}.${process.pid}.draft`;
  mkdirSync(draft, { recursive: true });
  console.error(`Installing Node ${major} (${packageName}) into ${prefix} (once)…`);
  execFileSync(
    'npm',
    ['install', '--prefix', draft, '--no-audit', '--no-fund', '--no-save', `${packageName}@${major}`],
    { stdio: ['ignore', 2, 2] }, // stdout stays the command's own
  );
  try {
    renameSync(draft, prefix);
  } catch {
    rmSync(draft, { recursive: true, force: true }); // another run was first: use its copy
  }
  if (!existsSync(binary)) throw new Error(`Node ${major} was not installed into ${prefix}`);
  return binary;
}

const currentMajor = () => Number(process.versions.node.split('.')[0]);

/**
 * Returns at once on Node TOOLKIT_NODE or later (or with BANKING_API_SYSTEM_NODE=1); otherwise runs this
 * same command line again under TOOLKIT_NODE, with its bin folder first on PATH so that child processes
 * get it too, passes signals on, and exits with its exit code. Never returns in that case.
 */
export async function onToolkitNode() {
  if (currentMajor() >= TOOLKIT_NODE || process.env.BANKING_API_SYSTEM_NODE === '1') return;
  const binary = nodeBinary(TOOLKIT_NODE);
  const env = { ...process.env, PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH ?? ''}` };
  const child = spawn(binary, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const [code, signal] = await new Promise((resolve) => child.on('exit', (...end) => resolve(end)));
  process.exit(code ?? (signal ? 128 + 15 : 1));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [entry, ...args] = process.argv.slice(2);
  if (!entry) {
    console.error('Usage: node scripts/node-runtime.mjs <file.js> [args]   (runs it on Node 24)');
    process.exit(2);
  }
  await onToolkitNode();
  process.argv = [process.argv[0] ?? process.execPath, path.resolve(entry), ...args];
  await import(pathToFileURL(path.resolve(entry)).href);
}
