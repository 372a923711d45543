// A scope the contract never asks for makes a token that opens nothing more: the token CLI still signs it (a
// test may want exactly that), but says so, with the scope most like it (a typo of `webhook.read`, say).
import { allScopes, contractModel } from '@banking-api/contract';
import { nearest } from '../api/known-keys.ts';
import { adminScope } from '../api/names.ts';

/** A note for each of `scopes` that neither the contract nor the mock's admin route knows. */
export function unknownScopeNotes(scopes: readonly string[]): string[] {
  const known = [...allScopes(contractModel().operations), adminScope];
  return scopes
    .filter((scope) => !known.includes(scope))
    .map((scope) => {
      const near = nearest(scope, known);
      const shown = scope.length > 64 ? `${scope.slice(0, 64)}…` : scope;
      return `no operation of the contract asks for the scope ${shown}${near ? ` (did you mean ${near}?)` : ''}; the token carries it anyway`;
    });
}
