import { describe, expect, it } from 'vitest';
import { equivalent } from '../../../tools/review/rules/equivalence.ts';
import { modified } from './context.ts';

const S = '#/components/schemas/TedRequest';

describe('equivalence', () => {
  it('drops a reordered required, enum or type list', () => {
    expect(equivalent(modified(S, 'required', ['a', 'b'], ['b', 'a']))).toBe(true);
    expect(equivalent(modified(`${S}/properties/x`, 'enum', ['A', 'B'], ['B', 'A']))).toBe(true);
    expect(equivalent(modified(`${S}/properties/x`, 'type', ['string', 'null'], ['null', 'string']))).toBe(
      true,
    );
  });

  it('keeps a list whose members changed, and any change with a verdict', () => {
    expect(equivalent(modified(S, 'required', ['a', 'b'], ['a', 'c']))).toBe(false);
    const rated = {
      ...modified(S, 'required', ['a'], ['a']),
      verdicts: [{ ruleId: 'x', impact: 'major' as const, message: '' }],
    };
    expect(equivalent(rated)).toBe(false);
  });

  it('drops a whole component added or removed, but not a security scheme', () => {
    const added = {
      path: '#/components/schemas/Amount',
      kind: 'added' as const,
      impact: 'patch' as const,
      verdicts: [],
    };
    expect(equivalent(added)).toBe(true);
    expect(equivalent({ ...added, path: '#/components/securitySchemes/oauth' })).toBe(false);
  });
});
