// What an operation's security asks of a request, read from the model.
import type { Operation } from './model.js';

/**
 * Scope alternatives of the operation's Bearer (http bearer) schemes: a token must carry every scope of at
 * least one. `[[]]` means a token without scopes will do; `[]` that no Bearer token is asked for.
 */
export function bearerScopes(operation: Operation): string[][] {
  return operation.security.flatMap((alternative) =>
    alternative.filter((r) => r.type === 'http').map((r) => [...r.scopes]),
  );
}

/** Every scope the contract names on any operation, sorted. */
export function allScopes(operations: readonly Operation[]): string[] {
  return [...new Set(operations.flatMap((op) => bearerScopes(op).flat()))].sort();
}
