// The loader (model/) runs before the packages are built, so it cannot import the contract package's values:
// it spells OpenAPI's operation keys and the account header itself. These must be the package's.
import { ACCOUNT_HEADER, HTTP_METHODS } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_HEADER as LOADER_ACCOUNT_HEADER, OPERATION_METHODS } from '../../model/operations.ts';

describe("the loader's vocabulary", () => {
  it('is the contract package’s', () => {
    expect(LOADER_ACCOUNT_HEADER).toBe(ACCOUNT_HEADER);
    expect(OPERATION_METHODS).toEqual(HTTP_METHODS);
  });
});
