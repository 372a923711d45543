import { describe, expect, it } from 'vitest';
import { responses } from '../../../tools/review/rules/responses.ts';
import { contextOf } from './context.ts';
import { engineRuleSuite, fixtureContract, verdictChange } from './engine-suite.ts';

describe('rule responses', () => {
  engineRuleSuite(responses);

  it('keeps a removed response breaking when nothing covers it (the fixture has no default)', () => {
    const removed = verdictChange(['response-removed'], {
      path: '#/paths/~1hb~1transfers~1ted/post/responses/404',
      kind: 'removed',
    });
    const [draft] = responses.run(contextOf([removed], fixtureContract()));
    expect(draft).toMatchObject({ rule: 'response-removed', impact: 'major' });
  });
});
