// Who may call: the environment named by the client certificate's CA, the dev token, and the Bearer
// scopes the operation asks for (read from the model). Each check answers with the refusal, if any.
import { X509Certificate } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import { bearerScopes, type Operation } from '@banking-api/contract';
import type { DevPki, Environment } from './dev-pki.ts';
import { type ErrorEnvelope, envelope } from './envelope.ts';
import { bearerCredential, type TokenVerifier } from './tokens.ts';

/**
 * Tells a connection's environment by the CA that issued its client certificate. Cached per socket:
 * every request of a keep-alive connection asks again.
 */
export function environmentReader(cas: DevPki['cas']): (socket: TLSSocket) => Environment | undefined {
  const issuers = Object.entries(cas).map(
    ([env, pem]) => [env as Environment, new X509Certificate(pem)] as const,
  );
  const known = new WeakMap<TLSSocket, Environment | undefined>();
  return (socket) => {
    if (known.has(socket)) return known.get(socket);
    const peer = socket.getPeerX509Certificate();
    const env = peer && issuers.find(([, ca]) => peer.checkIssued(ca))?.[0];
    known.set(socket, env);
    return env;
  };
}

export type Authentication = { scopes: ReadonlySet<string> } | { refusal: ErrorEnvelope };

/** The scopes of a valid dev token for the connection's environment, or why the request is refused. */
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
  return { scopes: check.token.scopes };
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
