import { beforeAll, describe, expect, it } from 'vitest';
import { type LoadedContract, loadContract } from '../../../model/load.ts';
import { headerNameCase } from '../../../tools/review/rules/header-name-case.ts';
import { baseFixture } from '../helpers.ts';
import { contextOf, modified } from './context.ts';

let contract: LoadedContract;
beforeAll(async () => {
  contract = await loadContract(baseFixture);
});

describe('header-name-case-changed', () => {
  const P = '#/components/parameters/AccountId';
  it('reports a header parameter spelled in another case as a client type change, non-breaking', () => {
    const change = modified(P, 'name', 'x-account-id', 'X-Account-Id');
    const context = contextOf([change], contract);
    expect(headerNameCase.claims?.(change, context)).toBe(true);
    expect(headerNameCase.run(context)).toEqual([
      expect.objectContaining({ rule: 'header-name-case-changed', impact: 'minor', source: 'review' }),
    ]);
  });

  it('leaves a real rename to the engine', () => {
    const change = modified(P, 'name', 'x-account-id', 'x-account');
    expect(headerNameCase.run(contextOf([change], contract))).toEqual([]);
  });
});
