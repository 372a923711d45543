// Verdicts of engine rules no other review rule names (a rule added to diff-recommended in a later
// release): reported as the engine rates them, so an upgrade of the engine never hides a breaking change.
import type { Rule } from './rule.ts';
import { engineRule } from './rule.ts';

/** The rule reporting every verdict whose engine rule is not in `claimed`. */
export function otherVerdicts(claimed: ReadonlySet<string>): Rule {
  const rule = engineRule('other-verdicts', [], ['any other verdict of `redocly diff`, as it rates it']);
  return {
    ...rule,
    run: (context) => {
      const unclaimed = context.changes.map((change) => ({
        ...change,
        verdicts: change.verdicts.filter((v) => !claimed.has(v.ruleId)),
      }));
      const ids = [...new Set(unclaimed.flatMap((c) => c.verdicts.map((v) => v.ruleId)))];
      return engineRule(rule.name, ids, rule.covers).run({ ...context, changes: unclaimed });
    },
  };
}
