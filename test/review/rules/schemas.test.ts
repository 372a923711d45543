import { describe, expect, it } from 'vitest';
import { schemas } from '../../../tools/review/rules/schemas.ts';
import { contextOf } from './context.ts';
import { engineRuleSuite, fixtureContract, verdictChange } from './engine-suite.ts';

describe('rule schemas', () => {
  engineRuleSuite(schemas);

  it('rates each verdict by role: narrowing breaks senders, widening breaks readers', () => {
    const run = (ruleId: string, message: string, over = {}) =>
      schemas.run(
        contextOf(
          [{ ...verdictChange([ruleId], over), verdicts: [{ ruleId, impact: 'major', message }] }],
          fixtureContract(),
        ),
      )[0]?.byRole;
    expect(run('enum-values-removed', 'Enum lost values')).toEqual({ send: 'major' });
    expect(run('enum-values-added', 'Enum gained values')).toEqual({ read: 'major' });
    expect(run('required-properties-added', 'became required')).toEqual({ send: 'major' });
    expect(run('schema-type-changed', "Type narrowed from 'number' to 'integer'.")).toEqual({
      send: 'major',
    });
    expect(run('schema-type-changed', "Type widened from 'integer' to 'number'.")).toEqual({ read: 'major' });
    const maxLength = (before: number, after: number) =>
      run('schema-constraint-changed', 'changed', {
        property: 'maxLength',
        base: { file: 'b', pointer: '#/x', value: before },
        revision: { file: 'h', pointer: '#/x', value: after },
      });
    expect(maxLength(10, 5)).toEqual({ send: 'major' });
    expect(maxLength(5, 10)).toEqual({ read: 'major' });
    expect(run('schema-combinator-changed', '`oneOf` subschema #/x was removed.')).toEqual({ send: 'major' });
    expect(run('schema-combinator-changed', '`oneOf` subschema #/x was added.')).toEqual({ read: 'major' });
  });
});
