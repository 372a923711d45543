// Who may call: the environment named by the client certificate's CA, the dev token, and the Bearer
// scopes the operation asks for (read from the model). Each check answers with the refusal, if any. The
// same checks in mock and in proxy mode.
import { X509Certificate } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import { bearerScopes, type Operation } from '@banking-api/contract';
import { bearerCredential } from '../http/bearer.ts';
import { type ErrorEnvelope, envelope } from '../http/envelope.ts';
import type { Caller } from '../http/served.ts';
import type { DevPki, Environment } from '../pki/dev-pki.ts';
import type { TokenVerifier, VerifiedToken } from '../pki/tokens.ts';

/**
 * Tells a connection's caller: the environment by the CA that issued its client certificate, and the
 * certificate's fingerprint. Cached per socket: every request of a keep-alive connection asks again.
 */
export function callerReader(cas: DevPki['cas']): (socket: TLSSocket) => Caller {
  const issuers = Object.entries(cas).map(
    ([env, pem]) => [env as Environment, new X509Certificate(pem)] as const,
  );
  const known = new WeakMap<TLSSocket, Caller>();
  return (socket) => {
    const cached = known.get(socket);
    if (cached) return cached;
    const peer = socket.getPeerX509Certificate();
    const env = peer && issuers.find(([, ca]) => peer.checkIssued(ca))?.[0];
    const caller = { env, certificate: peer?.fingerprint256 ?? '', subject: undefined, scopes: undefined };
    known.set(socket, caller);
    return caller;
  };
}

export type Authentication = { token: VerifiedToken } | { refusal: ErrorEnvelope };

/** A valid dev token for the connection's environment, or why the request is refused. */
export async function authenticate(
  verifier: TokenVerifier,
  authorization: string | undefined,
  env: Environment | undefined,
  path: string,
): Promise<Authentication> {
  if (!env)
    return { refusal: envelope(403, 'FORBIDDEN', 'The client certificate was issued by no known CA.', path) };
  const jwt = bearerCredential(authorization);
  if (!jwt) {
    const message = 'Send a Bearer token: Authorization: Bearer <token>.';
    return { refusal: envelope(401, 'UNAUTHORIZED', message, path) };
  }
  const check = await verifier.verify(jwt);
  if (!check.ok) return { refusal: envelope(401, 'UNAUTHORIZED', check.reason, path) };
  if (check.token.env !== env) {
    const message = `The token is for ${check.token.env}, the client certificate for ${env}.`;
    return { refusal: envelope(403, 'FORBIDDEN', message, path) };
  }
  return { token: check.token };
}

/**
 * A 403 when the token lacks the operation's Bearer scopes (every scope of at least one alternative).
 * Requests that name no operation pass: Prism answers them with 404 or 405.
 */
export function authorizeScopes(
  operation: Operation | undefined,
  scopes: ReadonlySet<string>,
  path: string,
): ErrorEnvelope | undefined {
  const alternatives = operation ? bearerScopes(operation) : [];
  if (alternatives.length === 0 || alternatives.some((set) => set.every((s) => scopes.has(s))))
    return undefined;
  const needed = alternatives.map((set) => set.join(' ')).join(' or ');
  return envelope(403, 'FORBIDDEN', `${operation?.operationId} requires the scope ${needed}.`, path);
}
