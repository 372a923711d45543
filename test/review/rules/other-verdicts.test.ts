import { describe, expect, it } from 'vitest';
import type { LoadedContract } from '../../../model/load.ts';
import { otherVerdicts } from '../../../tools/review/rules/other-verdicts.ts';
import { contextOf } from './context.ts';
import { fixtureContract, verdictChange } from './engine-suite.ts';

describe('rule other-verdicts', () => {
  it('reports only verdicts no other rule claims', () => {
    const rule = otherVerdicts(new Set(['schema-type-changed']));
    const drafts = rule.run(
      contextOf(
        [verdictChange(['schema-type-changed', 'future-rule'])],
        fixtureContract() ?? ({} as LoadedContract),
      ),
    );
    expect(drafts.map((d) => d.rule)).toEqual(['future-rule']);
  });
});
