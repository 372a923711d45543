// Lint problems a change introduces or fixes. Problems are matched by tool, rule, location (JSON path)
// and message, never by line, so lines that merely moved are not reported.
import type { Problem } from './pipeline.ts';

export type LintDelta = { introduced: Problem[]; fixed: Problem[] };

const identity = (p: Problem) => [p.tool, p.rule, p.jsonPath, p.message].join('\u0000');

/** Problems of `after` without a counterpart in `before` (counted: duplicates are matched one to one). */
function minus(after: Problem[], before: Problem[]): Problem[] {
  const left = new Map<string, number>();
  for (const p of before) left.set(identity(p), (left.get(identity(p)) ?? 0) + 1);
  return after.filter((p) => {
    const n = left.get(identity(p)) ?? 0;
    if (n > 0) left.set(identity(p), n - 1);
    return n === 0;
  });
}

export function lintDelta(before: Problem[], after: Problem[]): LintDelta {
  return { introduced: minus(after, before), fixed: minus(before, after) };
}
