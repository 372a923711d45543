// Changes the engine finds but no engine rule rates: additions (non-breaking) and documentation (info).
import { describe } from '../describe.ts';
import type { EngineChange } from '../diff-engine.ts';
import type { Rule, RuleContext } from './rule.ts';
import { nodeOf } from './rule.ts';

/** The rule, leaving out the changes another rule `claims` (reports in its own words). */
export function unratedExcept(claimed: (change: EngineChange, context: RuleContext) => boolean): Rule {
  return {
    ...unrated,
    run: (context) =>
      unrated.run({ ...context, changes: context.changes.filter((c) => !claimed(c, context)) }),
  };
}

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
