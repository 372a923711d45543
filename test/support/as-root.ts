// Commands that need root (a network namespace, podman inside one): run as they are when this process is
// root (the project's CI), else through `sudo -E` (GitHub's runner), so that every such step shares root's
// view, its podman image store included.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `command args` as root: itself when this process is root, else through `sudo -E`. */
export function asRoot(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? [command, args] : ['sudo', ['-E', command, ...args]];
}

/** Runs `command` as root, with room for podman's output. */
export const runAsRoot = (
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeout?: number; cwd?: string | undefined } = {},
) => run(...asRoot(command, args), { maxBuffer: 1 << 24, ...options });
