// The one way a test shows that a cost grows linearly with its input: work measured, not wall time. A ratio
// of two wall-clock times moves with whatever else the machine runs (two CI runs read ×25.7 and ×33.9 for a
// linear ×10 while other jobs ran); the process's CPU time does not count the time it waits for a core.
// Each size is measured in batches long enough for the CPU clock (µs, process-wide: the thread clock ticks
// only every few ms here), small and large interleaved round by round, and the cheapest batch of each kept.
// Sizes are 100 times apart, where a linear cost grows ×100 and a quadratic one ×10,000: the limit, ×1,000, is
// ten times away from either. A quadratic cost is caught on the way, at 10 times the size (×100 where linear
// is ×10), before the largest input could take minutes.

export interface Growth {
  /** CPU time per run at the larger size over that at the base size. */
  ratio: number;
  /** How many times the base size the larger input was (10 when stopped early, else 100). */
  sizeRatio: number;
  /** What a linear cost stays under at that size ratio. */
  limit: number;
  /** The figures, for the assertion's message and the log. */
  summary: string;
}

/** Rounds of interleaved measurement per step. */
const ROUNDS = 5;
/** CPU time one batch of runs at the base size aims at, in µs. */
const BATCH_US = 10_000;
/** At ten times the size: over this, the cost is not linear (linear ×10, quadratic ×100). */
const EARLY_LIMIT = 50;
/** At a hundred times the size: linear ×100, quadratic ×10,000. */
const LIMIT = 1_000;

/** The process's CPU time (user and system), in µs. */
function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** CPU time per run of `work(input)` over a batch of `runs` runs, in µs. */
function perRun<T>(work: (input: T) => unknown, input: T, runs: number): number {
  const start = cpuMicros();
  for (let i = 0; i < runs; i++) work(input);
  return (cpuMicros() - start) / runs;
}

/** How many runs at the base size make a batch of about BATCH_US (the calibration also warms the code up). */
function batchSize<T>(work: (input: T) => unknown, input: T): number {
  let runs = 1;
  for (;;) {
    const spent = perRun(work, input, runs) * runs;
    if (spent >= BATCH_US || runs >= 1 << 20) return runs;
    runs = Math.ceil(runs * Math.min(16, Math.max(2, (1.2 * BATCH_US) / Math.max(spent, 1))));
  }
}

interface Step {
  /** Cheapest per-run cost at each size. */
  base: number;
  larger: number;
  /** The larger size's cheapest cost over the base size's dearest: a floor of the true ratio. */
  floor: number;
}

/** Rounds of base and larger input, interleaved; stops early once even the floor is over `limit`. */
function step<T>(
  work: (input: T) => unknown,
  base: T,
  larger: T,
  runs: number,
  factor: number,
  limit: number,
): Step {
  work(larger); // warm up at this size
  const bases: number[] = [];
  const largers: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0;
    if (order) bases.push(perRun(work, base, runs));
    largers.push(perRun(work, larger, Math.max(1, Math.round(runs / factor))));
    if (!order) bases.push(perRun(work, base, runs));
    const floor = Math.min(...largers) / Math.max(...bases);
    if (floor > limit) return { base: Math.min(...bases), larger: Math.min(...largers), floor };
  }
  const cheapest = Math.min(...bases);
  return { base: cheapest, larger: Math.min(...largers), floor: Math.min(...largers) / Math.max(...bases) };
}

const figure = (us: number) => (us >= 1000 ? `${(us / 1000).toFixed(1)} ms` : `${us.toFixed(1)} µs`);

/**
 * How the CPU cost of `work` grows from `make(base)` to `make(10 * base)` and, unless that already shows it is
 * not linear, to `make(100 * base)`. A test asserts `expect(growth.ratio, growth.summary).toBeLessThan(growth.limit)`.
 */
export function linearGrowth<T>(make: (n: number) => T, work: (input: T) => unknown, base: number): Growth {
  const small = make(base);
  const runs = batchSize(work, small);
  const ten = step(work, small, make(10 * base), runs, 10, EARLY_LIMIT);
  const tenRatio = ten.larger / ten.base;
  if (ten.floor > EARLY_LIMIT || tenRatio > EARLY_LIMIT)
    return {
      ratio: tenRatio,
      sizeRatio: 10,
      limit: EARLY_LIMIT,
      summary: `×${tenRatio.toFixed(1)} CPU time for ×10 input (${figure(ten.base)} → ${figure(ten.larger)}; linear ×10, quadratic ×100)`,
    };
  const hundred = step(work, small, make(100 * base), runs, 100, LIMIT);
  const ratio = hundred.larger / hundred.base;
  return {
    ratio,
    sizeRatio: 100,
    limit: LIMIT,
    summary: `×${ratio.toFixed(0)} CPU time for ×100 input (${figure(hundred.base)} → ${figure(hundred.larger)}; ×${tenRatio.toFixed(1)} for ×10; linear ×100, quadratic ×10,000)`,
  };
}

/**
 * The CPU cost of asynchronous `work` at two sizes, interleaved over `rounds` (the cheapest of each kept),
 * for work too slow to run at sizes a hundred times apart (a whole pipeline): CPU time of the process,
 * its worker threads included, so other processes' load does not move it.
 */
export async function cpuCostRatio(
  work: (size: number) => Promise<unknown>,
  [small, large]: [number, number],
  rounds = 3,
): Promise<{ ratio: number; summary: string }> {
  await work(small); // warm up: libraries loaded, code compiled
  const costs: [number[], number[]] = [[], []];
  for (let round = 0; round < rounds; round++)
    for (const i of round % 2 ? [1, 0] : [0, 1]) {
      const start = cpuMicros();
      await work(i === 0 ? small : large);
      costs[i]?.push(cpuMicros() - start);
    }
  const [a, b] = costs.map((c) => Math.min(...c)) as [number, number];
  return {
    ratio: b / a,
    summary: `×${(b / a).toFixed(2)} CPU time for ×${large / small} input (${figure(a)} → ${figure(b)})`,
  };
}
