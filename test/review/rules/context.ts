// A rule context on the review fixture (both sides the same contract unless a test says otherwise).
import type { LoadedContract } from '../../../model/load.ts';
import type { EngineChange } from '../../../tools/review/diff-engine.ts';
import type { RuleContext } from '../../../tools/review/rules/rule.ts';

export const FILES = { base: '/repo-at-base/openapi.yaml', head: '/repo/openapi.yaml' };

export const contextOf = (changes: EngineChange[], base: LoadedContract, head = base): RuleContext => ({
  changes,
  sides: { base, head, renames: new Map() },
  files: FILES,
});

/** A modified change without verdict of `property` at `pointer` (both sides), from `before` to `after`. */
export const modified = (
  pointer: string,
  property: string,
  before: unknown,
  after: unknown,
): EngineChange => ({
  path: pointer,
  kind: 'modified',
  impact: 'patch',
  property,
  verdicts: [],
  base: { file: FILES.base, pointer, value: before },
  revision: { file: FILES.head, pointer: `${pointer}/${property}`, value: after },
});
