// What a review rule is: a small function from the engine's report and both contract models to drafts of
// findings. Rules are registered in rules/index.ts; their `covers` lists feed the docs' coverage list.
import { escapePointerFragment } from '@redocly/openapi-core';
import type { Sides } from '../attribution.ts';
import type { EngineChange } from '../diff-engine.ts';
import type { Draft } from '../finding.ts';
import type { ImpactByRole } from '../rating.ts';

export type RuleContext = {
  /** The engine's changes, without those the review reports in its own sections (gaps, acknowledgements). */
  changes: EngineChange[];
  sides: Sides;
  /** The two spec files (absolute). */
  files: { base: string; head: string };
};

export type Rule = {
  name: string;
  /** The kinds of edit the rule understands, for the coverage list in docs/reviewing-spec-changes.md. */
  covers: string[];
  /** The `redocly diff` rules (verdict ids) whose verdicts it reports, if it reads verdicts. */
  engineRules?: string[];
  run: (context: RuleContext) => Draft[];
  /** The finding rules it reports besides its engine rules' ids (its own name when neither is given). */
  produces?: string[];
  /** Changes without an engine verdict this rule reports: the generic `unrated` rule leaves them out. */
  claims?: (change: EngineChange, context: RuleContext) => boolean;
};

/** The last segment of a pointer, unescaped enough to compare with a property name. */
const lastSegment = (pointer: string) => pointer.slice(pointer.lastIndexOf('/') + 1);

/**
 * The source node an engine change is about: the head's (the base's for a removal), where the engine
 * found it (inside a component when the change is there), with the changed property appended.
 */
export function nodeOf(change: EngineChange, files: RuleContext['files']): Draft['at'] {
  const removed = change.kind === 'removed';
  const located = removed ? change.base : change.revision;
  let pointer = located?.pointer ?? change.path;
  const property = change.property && escapePointerFragment(change.property);
  if (property && lastSegment(pointer) !== property) pointer = `${pointer}/${property}`;
  return {
    side: removed ? 'base' : 'head',
    file: located?.file ?? (removed ? files.base : files.head),
    pointer,
  };
}

export type Verdict = EngineChange['verdicts'][number];

/**
 * How a verdict rates for senders and readers (rating.ts), when that depends on direction; `adjust` may
 * also change a draft altogether (e.g. a removed error response that `default` still covers).
 */
export type VerdictRating = {
  byRole?: (verdict: Verdict, change: EngineChange, context: RuleContext) => ImpactByRole | undefined;
  adjust?: (draft: Draft, context: RuleContext) => Draft;
};

/** A rule reporting the verdicts of the given engine rules, each as the engine words and rates it. */
export function engineRule(
  name: string,
  engineRules: string[],
  covers: string[],
  rating: VerdictRating = {},
): Rule {
  const draftOf = (v: Verdict, change: EngineChange, context: RuleContext): Draft => {
    const byRole = rating.byRole?.(v, change, context);
    const draft: Draft = {
      rule: v.ruleId,
      impact: v.impact,
      message: v.message,
      source: 'redocly diff',
      at: nodeOf(change, context.files),
      change,
      ...(byRole && { byRole }),
    };
    return rating.adjust ? rating.adjust(draft, context) : draft;
  };
  return {
    name,
    covers,
    engineRules,
    run: (context) =>
      context.changes.flatMap((change) =>
        change.verdicts.filter((v) => engineRules.includes(v.ruleId)).map((v) => draftOf(v, change, context)),
      ),
  };
}
