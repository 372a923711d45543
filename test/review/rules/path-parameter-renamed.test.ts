import { describe, expect, it } from 'vitest';
import type { LoadedContract } from '../../../model/load.ts';
import { pathParameterRenamed } from '../../../tools/review/rules/path-parameter-renamed.ts';
import { contextOf, FILES } from './context.ts';

describe('rule path-parameter-renamed', () => {
  it('reports each renamed operation under its new key, breaking', () => {
    const context = contextOf([], {} as LoadedContract);
    context.sides.renames.set('PUT /r/{id}', 'PUT /r/{refundId}');
    expect(pathParameterRenamed.run(context)).toEqual([
      expect.objectContaining({
        rule: 'path-parameter-renamed',
        impact: 'major',
        operations: ['PUT /r/{refundId}'],
        at: { side: 'head', file: FILES.head, pointer: '#/paths/~1r~1{refundId}' },
      }),
    ]);
    expect(pathParameterRenamed.run(contextOf([], {} as LoadedContract))).toEqual([]);
  });
});
