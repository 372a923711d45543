// What every rule reading the engine's verdicts must do: report each verdict of its engine rules as the
// engine rates and words it, and nothing else. Each rule's own test file runs it.
import { beforeAll, expect, it } from 'vitest';
import { type LoadedContract, loadContract } from '../../../model/load.ts';
import type { EngineChange, Impact } from '../../../tools/review/diff-engine.ts';
import type { Rule } from '../../../tools/review/rules/rule.ts';
import { baseFixture } from '../helpers.ts';
import { contextOf, FILES } from './context.ts';

/** An engine change under TED's request body with one verdict per rule id. */
export const verdictChange = (ruleIds: string[], over: Partial<EngineChange> = {}): EngineChange => ({
  path: '#/paths/~1hb~1transfers~1ted/post/requestBody',
  kind: 'modified',
  impact: ruleIds.length ? 'major' : 'patch',
  verdicts: ruleIds.map((ruleId) => ({ ruleId, impact: 'major' as Impact, message: `${ruleId} message` })),
  base: { file: FILES.base, pointer: '#/components/schemas/TedRequest/properties/amount/type' },
  revision: { file: FILES.head, pointer: '#/components/schemas/TedRequest/properties/amount/type' },
  ...over,
});

let contract: LoadedContract;

/** The fixture's contract, loaded once per test file. */
export const fixtureContract = () => contract;

export function engineRuleSuite(rule: Rule): void {
  beforeAll(async () => {
    contract ??= await loadContract(baseFixture);
  });

  it('reports each verdict of its engine rules, as the engine rates and words it', () => {
    const ids = rule.engineRules ?? [];
    expect(ids.length).toBeGreaterThan(0);
    const drafts = rule.run(contextOf([verdictChange(ids)], contract));
    expect(drafts.map((d) => d.rule)).toEqual(ids);
    expect(drafts.every((d) => d.impact === 'major' && d.source === 'redocly diff')).toBe(true);
    expect(drafts[0]).toMatchObject({ message: `${ids[0]} message`, at: { side: 'head', file: FILES.head } });
  });

  it("ignores other rules' verdicts and changes without one", () => {
    expect(rule.run(contextOf([verdictChange(['someone-elses-rule']), verdictChange([])], contract))).toEqual(
      [],
    );
  });
}
