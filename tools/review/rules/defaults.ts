// A schema's `default` changed: a caller that leaves the field or parameter out now gets another value, so
// the change breaks the operations that send it (oasdiff's request-*-default-value-changed); a default set
// where there was none changes nothing a caller sent; for readers a default is documentation.
import type { EngineChange } from '../diff-engine.ts';
import type { Draft } from '../finding.ts';
import { nodeOf, type Rule, type RuleContext } from './rule.ts';

const isDefault = (change: EngineChange) => change.kind === 'modified' && change.property === 'default';

function draftOf(change: EngineChange, context: RuleContext): Draft {
  const [before, after] = [change.base?.value, change.revision?.value];
  const added = before === undefined;
  const message = added
    ? `Default set to \`${JSON.stringify(after)}\`.`
    : after === undefined
      ? `Default \`${JSON.stringify(before)}\` removed: callers that leave it out no longer get it.`
      : `Default changed from \`${JSON.stringify(before)}\` to \`${JSON.stringify(after)}\`: callers that leave it out get another value.`;
  return {
    rule: 'default-changed',
    impact: added ? 'patch' : 'major',
    message,
    source: 'review',
    at: nodeOf(change, context.files),
    change,
    byRole: { send: added ? 'patch' : 'major', read: 'patch' },
  };
}

export const defaults: Rule = {
  name: 'default-changed',
  covers: [
    "a parameter's or request property's `default` changed or removed: breaking for the operations that send it; set where there was none, or in a response: info",
  ],
  claims: isDefault,
  run: (context) => context.changes.filter(isDefault).map((change) => draftOf(change, context)),
};
