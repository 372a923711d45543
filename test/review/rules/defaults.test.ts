import { describe, expect, it } from 'vitest';
import type { LoadedContract } from '../../../model/load.ts';
import { defaults } from '../../../tools/review/rules/defaults.ts';
import { contextOf, modified } from './context.ts';

const none = {} as LoadedContract;
const Q = '#/paths/~1hb~1webhook~1logs/get/parameters/0/schema';

describe('default-changed', () => {
  it('breaks senders when a default changes or goes away, never readers', () => {
    for (const [before, after] of [
      ['all', 'recent'],
      ['all', undefined],
    ]) {
      const [draft] = defaults.run(contextOf([modified(Q, 'default', before, after)], none));
      expect(draft).toMatchObject({
        rule: 'default-changed',
        impact: 'major',
        byRole: { send: 'major', read: 'patch' },
      });
    }
  });

  it('is info when a default is set where there was none', () => {
    const [draft] = defaults.run(contextOf([modified(Q, 'default', undefined, 'all')], none));
    expect(draft).toMatchObject({ impact: 'patch', byRole: { send: 'patch', read: 'patch' } });
  });
});
