// Admission by the operation's own security (issue 33): each alternative of its `security` is met when every
// scheme in it is — http bearer, OAuth 2 and OpenID Connect by a Bearer token of this mock, http Basic by such
// a token as the user name or password, an apiKey by such a token in its header, query parameter or cookie,
// mutualTLS by the client certificate the handshake already demanded — and each token carries the scopes
// its requirement names. An operation with `security: []` (or an empty alternative) is open. What fails is
// told in the order a client fixes it: no credential or a bad one (401), a token of the other environment
// (403), missing scopes (403), from the alternative that came closest.
import type { ContractModel, Operation, SecurityRequirement, SecurityScheme } from '@banking-api/contract';
import { type CredentialSource, challengeOf, credentialsOf, howToSend } from '../http/credentials.ts';
import { type ErrorEnvelope, envelope } from '../http/envelope.ts';
import type { Environment } from '../pki/dev-pki.ts';
import type { TokenVerifier, VerifiedToken } from '../pki/tokens.ts';

export type SchemeAdmission = { token: VerifiedToken | undefined } | { refusal: ErrorEnvelope };

/** A requirement's verdict; the higher `rank`, the closer the caller came. */
type Verdict =
  | { ok: true; token: VerifiedToken | undefined }
  | { ok: false; rank: number; refusal: ErrorEnvelope };

export type SchemeTable = ReadonlyMap<string, SecurityScheme>;

export const schemeTable = (model: ContractModel): SchemeTable =>
  new Map(model.securitySchemes.map((s) => [s.name, s]));

/**
 * The `WWW-Authenticate` of the operation's 401: the challenges of every scheme its alternatives name, once
 * each, comma-separated (RFC 9110 §11.6.1); null when none has one (apiKey, mutualTLS alone).
 */
export function challengesOf(schemes: SchemeTable, operation: Operation): string | null {
  const named = operation.security.flat().map((r) => challengeOf(schemes.get(r.scheme)));
  const challenges = [...new Set(named.filter((c): c is string => c !== undefined))];
  return challenges.length ? challenges.join(', ') : null;
}

export async function admitBySchemes(
  verifier: TokenVerifier,
  schemes: SchemeTable,
  operation: Operation,
  request: CredentialSource & { env: Environment; path: string },
): Promise<SchemeAdmission> {
  const alternatives = operation.security;
  if (alternatives.length === 0 || alternatives.some((alternative) => alternative.length === 0))
    return { token: undefined };
  let closest: Extract<Verdict, { ok: false }> | undefined;
  for (const alternative of alternatives) {
    const verdict = await alternativeVerdict(verifier, schemes, operation, alternative, request);
    if (verdict.ok) return { token: verdict.token };
    if (!closest || verdict.rank > closest.rank) closest = verdict;
  }
  return { refusal: (closest as Extract<Verdict, { ok: false }>).refusal };
}

async function alternativeVerdict(
  verifier: TokenVerifier,
  schemes: SchemeTable,
  operation: Operation,
  alternative: readonly SecurityRequirement[],
  request: CredentialSource & { env: Environment; path: string },
): Promise<Verdict> {
  let token: VerifiedToken | undefined;
  for (const requirement of alternative) {
    const verdict = await requirementVerdict(verifier, schemes, operation, requirement, request);
    if (!verdict.ok) return verdict;
    token ??= verdict.token;
  }
  return { ok: true, token };
}

async function requirementVerdict(
  verifier: TokenVerifier,
  schemes: SchemeTable,
  operation: Operation,
  requirement: SecurityRequirement,
  request: CredentialSource & { env: Environment; path: string },
): Promise<Verdict> {
  if (requirement.type === 'mutualTLS') return { ok: true, token: undefined };
  const scheme = schemes.get(requirement.scheme);
  const { path, env } = request;
  const credentials = credentialsOf(scheme, request);
  if (credentials.length === 0)
    return { ok: false, rank: 0, refusal: envelope(401, 'UNAUTHORIZED', howToSend(scheme), path) };
  let reason = 'The token is not a valid token of this mock.';
  for (const credential of credentials) {
    const check = await verifier.verify(credential);
    if (!check.ok) {
      reason = check.reason;
      continue;
    }
    if (check.token.env !== env) {
      const message = `The token is for ${check.token.env}, the client certificate for ${env}.`;
      return { ok: false, rank: 2, refusal: envelope(403, 'FORBIDDEN', message, path) };
    }
    const missing = requirement.scopes.filter((s) => !check.token.scopes.has(s));
    if (missing.length === 0) return { ok: true, token: check.token };
    const message = `${operation.operationId} requires the scope ${requirement.scopes.join(' ')}.`;
    return { ok: false, rank: 3, refusal: envelope(403, 'FORBIDDEN', message, path) };
  }
  return { ok: false, rank: 1, refusal: envelope(401, 'UNAUTHORIZED', reason, path) };
}
