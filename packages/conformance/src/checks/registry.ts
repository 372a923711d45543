// Every check the engine runs, in the order it runs them: the answer checks (answer/registry.ts), which judge
// each answer, then the probe checks (probe/registry.ts), which send requests of their own: per operation (in
// their order), then per path, then once. The judge reads the answer checks only; this list is for the runs
// and reports that name every check.
import { answerChecks } from './answer/registry.js';
import type { Check } from './check.js';
import { probeChecks } from './probe/registry.js';

const checks: readonly Check[] = [...answerChecks, ...probeChecks];

/** The registry. */
export function allChecks(): readonly Check[] {
  return checks;
}

/** A check by its id. */
export const checkById = (id: string): Check | undefined => checks.find((c) => c.id === id);
