// A change for clients, as the review reports it: what the engine found (or a review rule adds), per operation.
import type { Impact } from './diff-engine.ts';

export type Change = {
  impact: Impact;
  /** "METHOD /path" keys, "document" for document-wide parts. */
  operations: string[];
  rule: string;
  source: 'redocly diff' | 'review';
  message: string;
  pointer: string;
};

export const isBreaking = (c: Change) => c.impact === 'major';

/** Highest impact among changes. */
export function overallImpact(changes: Change[]): Impact | 'none' {
  for (const level of ['major', 'minor', 'patch'] as const)
    if (changes.some((c) => c.impact === level)) return level;
  return 'none';
}
