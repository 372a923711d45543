// A command as the benchmarks measure it, in one run: wall time, CPU time (its whole process tree, from
// /proc), and peak memory: the sum of the VmHWM of every Node process of the tree (each writes its own at
// exit, bench/lib/peak-memory.cjs), so that processes running side by side (the build's build-docs child)
// count together. A sum of high-water marks is an upper bound of the tree's peak: for processes that ran one
// after the other it counts them all, which is why a sequence of CLIs is measured one command at a time.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { childrenCpuMs } from './cpu.ts';

const run = promisify(execFile);
const preload = path.join(import.meta.dirname, 'peak-memory.cjs');

export type Measured = {
  /** ms */
  wall: number;
  /** ms of CPU, user and system, of the whole process tree. */
  cpu: number;
  /** KiB: the sum of the VmHWM of the tree's Node processes. */
  peak: number;
  stdout: string;
  /** The exit code (a lint that finds problems exits 1: measured all the same). */
  code: number;
};

/** Runs `node argv...` in `cwd` and measures it; a non-zero exit is returned, not thrown, when `ok` allows it. */
export async function measured(
  argv: readonly string[],
  cwd: string,
  ok: (code: number) => boolean = (code) => code === 0,
): Promise<Measured> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-hwm-'));
  const env = {
    ...process.env,
    BENCH_HWM_DIR: dir,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${preload}`.trim(),
  };
  const started = performance.now();
  const cpuBefore = childrenCpuMs();
  try {
    const result = await run(process.execPath, [...argv], { cwd, env, maxBuffer: 256 << 20 }).then(
      ({ stdout }) => ({ stdout, code: 0 }),
      (error: { code?: unknown; stdout?: string; stderr?: string; message: string }) => {
        const code = typeof error.code === 'number' ? error.code : -1;
        if (!ok(code))
          throw new Error(`${argv.join(' ')} failed (${code}): ${error.stderr || error.message}`);
        return { stdout: error.stdout ?? '', code };
      },
    );
    const wall = performance.now() - started;
    const cpu = childrenCpuMs() - cpuBefore;
    let peak = 0;
    for (const file of await readdir(dir)) peak += Number(await readFile(path.join(dir, file), 'utf8'));
    return { wall, cpu, peak, ...result };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
