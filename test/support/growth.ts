// Linear-time tests measure cost as the fastest of a few runs: the other runs carry whatever else the machine
// was doing, which a ratio of two such figures should not.

/** The fastest of `runs` runs of `f`, in ms. */
export function fastestRun(f: () => void, runs = 5): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    f();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}
