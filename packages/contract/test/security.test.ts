// Scope sets from the model's security: one per alternative that has a Bearer scheme; none when any
// alternative (or the operation) asks for no Bearer token. Unusual shapes: test/model/edge-cases.test.ts.
import { allScopes, bearerScopes, contractModel } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';

const model = contractModel();

describe('bearerScopes', () => {
  it('gives the scopes of the Bearer scheme of each alternative', () => {
    const checked = model.operations.filter((op) =>
      op.security.every((alt) => alt.some((r) => r.httpScheme === 'bearer')),
    );
    expect(checked.length).toBeGreaterThan(0);
    for (const op of checked) {
      const expected = op.security.map((alt) =>
        alt.filter((r) => r.httpScheme === 'bearer').flatMap((r) => r.scopes),
      );
      expect(bearerScopes(op), op.key).toEqual(expected);
    }
  });

  it('lists every scope the contract names once', () => {
    const named = model.operations.flatMap((op) => op.security.flat().flatMap((r) => r.scopes));
    expect(named.length).toBeGreaterThan(0);
    expect(allScopes(model.operations)).toEqual([...new Set(named)].sort());
  });
});
