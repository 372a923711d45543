// Changes the engine finds but no engine rule rates: additions (non-breaking) and documentation (info).
import { describe } from '../describe.ts';
import type { Rule } from './rule.ts';
import { nodeOf } from './rule.ts';

export const unrated: Rule = {
  name: 'unrated',
  covers: [
    'an operation, path, parameter, property, response or media type added (non-breaking)',
    'an optional request property added, a response property added (non-breaking)',
    'a description, summary or example changed (info)',
  ],
  run: ({ changes, sides, files }) =>
    changes
      .filter((change) => change.verdicts.length === 0)
      .map((change) => ({
        rule: change.kind,
        impact: change.impact,
        message: describe(change, change.kind === 'removed' ? sides.base : sides.head),
        source: 'redocly diff' as const,
        at: nodeOf(change, files),
        change,
      })),
};
