import { allScopes, bearerScopes, contractModel } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';

const model = contractModel();

describe('bearerScopes', () => {
  it('gives one scope set per security alternative, from the Bearer scheme only', () => {
    for (const op of model.operations) {
      const sets = bearerScopes(op);
      expect(sets).toHaveLength(op.security.length);
      const bearer = op.security.flatMap((alt) => alt.filter((r) => r.type === 'http'));
      expect(sets.flat().sort()).toEqual(bearer.flatMap((r) => r.scopes).sort());
    }
  });

  it('lists every scope the contract names once', () => {
    const named = model.operations.flatMap((op) => op.security.flat().flatMap((r) => r.scopes));
    expect(named.length).toBeGreaterThan(0);
    expect(allScopes(model.operations)).toEqual([...new Set(named)].sort());
  });
});
