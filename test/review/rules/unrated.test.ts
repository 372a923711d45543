import { beforeAll, describe, expect, it } from 'vitest';
import { type LoadedContract, loadContract } from '../../../model/load.ts';
import { unrated, unratedExcept } from '../../../tools/review/rules/unrated.ts';
import { baseFixture } from '../helpers.ts';
import { contextOf, FILES } from './context.ts';
import { verdictChange } from './engine-suite.ts';

let contract: LoadedContract;
beforeAll(async () => {
  contract = await loadContract(baseFixture);
});

describe('rule unrated', () => {
  it('words a change without a verdict, at the removed node in the base for a removal', () => {
    const removed = verdictChange([], {
      kind: 'removed',
      impact: 'major',
      path: '#/components/schemas/TedResponse/properties/status',
      base: { file: FILES.base, pointer: '#/components/schemas/TedResponse/properties/status' },
      revision: undefined,
    });
    const [draft] = unrated.run(contextOf([removed, verdictChange(['schema-type-changed'])], contract));
    expect(draft).toMatchObject({
      rule: 'removed',
      message: 'Removed field `status` of component `TedResponse`',
      at: { side: 'base', file: FILES.base, pointer: '#/components/schemas/TedResponse/properties/status' },
    });
  });

  it('appends the changed property to the pointer', () => {
    const described = verdictChange([], {
      property: 'description',
      revision: { file: FILES.head, pointer: '#/x' },
    });
    expect(unrated.run(contextOf([described], contract))[0]?.at.pointer).toBe('#/x/description');
  });

  it('leaves out the changes another rule claims', () => {
    const described = verdictChange([], { property: 'description' });
    expect(unratedExcept(() => true).run(contextOf([described], contract))).toEqual([]);
  });
});
