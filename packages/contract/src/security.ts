// What an operation's security asks of a request, read from the model.
import type { Operation, SecurityRequirement } from './model.js';

/** Schemes whose credential is a Bearer token: `http` bearer, and OAuth 2 and OpenID Connect (RFC 6750). */
const isBearer = (r: SecurityRequirement) =>
  (r.type === 'http' && r.httpScheme?.toLowerCase() === 'bearer') ||
  r.type === 'oauth2' ||
  r.type === 'openIdConnect';

/**
 * Scope sets a Bearer token must satisfy: every scope of at least one set. `[[]]` means a token without
 * scopes will do; `[]` means no Bearer token is needed, because the operation has no security or one of its
 * alternatives asks for none (e.g. mutual TLS alone).
 */
export function bearerScopes(operation: Operation): string[][] {
  const alternatives = operation.security.map((alternative) => alternative.filter(isBearer));
  if (alternatives.length === 0 || alternatives.some((bearer) => bearer.length === 0)) return [];
  return alternatives.map((bearer) => [...new Set(bearer.flatMap((r) => r.scopes))]);
}

/** Every scope the contract names on any operation, sorted. */
export function allScopes(operations: readonly Operation[]): string[] {
  return [...new Set(operations.flatMap((op) => bearerScopes(op).flat()))].sort();
}
