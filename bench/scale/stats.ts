// Small helpers the scale benchmark's parts share.
export const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** One figure of ours beside the bare tool's doing the same work, measured in the same run. */
export type Row = { what: string; ours: number; bare: number; unit: 'ms' | 'KiB' | 'ms/req' | 'MiB' };

/** Runs the tasks round-robin `rounds` times (a busy machine slows them alike); each one's median in ms. */
export async function alternate(rounds: number, tasks: (() => Promise<unknown>)[]): Promise<number[]> {
  const samples = tasks.map(() => [] as number[]);
  await alternateEach(rounds, tasks, (t, ms) => samples[t]?.push(ms));
  return samples.map(median);
}

/** Runs the tasks round-robin `rounds` times, every other round in reverse; tells each task's time. */
export async function alternateEach<T>(
  rounds: number,
  tasks: (() => Promise<T>)[],
  told: (task: number, ms: number, result: T) => void,
): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    // Every other round in reverse order, so neither side always follows the other.
    const order = i % 2 ? [...tasks.keys()].reverse() : [...tasks.keys()];
    for (const t of order) {
      const started = performance.now();
      const result = await (tasks[t] as () => Promise<T>)();
      told(t, performance.now() - started, result);
    }
  }
}

/** KiB to MiB. */
export const mib = (kib: number): number => kib / 1024;
