// Dev tokens minted through the session interface (`session.token({ scopes: ['webhook.read'] })`), so that
// a test file holding only the connection a global setup gave it can test what the service refuses: fewer
// scopes, another environment, an expired token. The request is read strictly; the token is signed with the
// PKI's key, for the caller's environment unless it asks for another.
import { unknownKeys } from '../api/known-keys.ts';
import type { TokenRequest } from '../api/session.ts';
import { type Environment, environments } from '../pki/dev-pki.ts';
import { signToken } from '../pki/tokens.ts';

const KEYS = ['scopes', 'env', 'ttlSeconds'];
const scope = /^[\x21-\x7e]{1,128}$/;
const MAX_SCOPES = 64;
const MAX_TTL = 30 * 86_400;

/** The request, or a TypeError saying what is wrong with it. */
export function checkedTokenRequest(value: unknown): TokenRequest {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new TypeError('a token request is an object: { scopes?, env?, ttlSeconds? }');
  const [unknown] = unknownKeys(value, KEYS);
  if (unknown) throw new TypeError(`${unknown.key.slice(0, 64)} ${unknown.message}`);
  const { scopes, env, ttlSeconds } = value as Record<string, unknown>;
  if (
    scopes !== undefined &&
    !(
      Array.isArray(scopes) &&
      scopes.length <= MAX_SCOPES &&
      scopes.every((s) => typeof s === 'string' && scope.test(s))
    )
  )
    throw new TypeError(`scopes is a list of at most ${MAX_SCOPES} scope names (visible ASCII, no spaces)`);
  if (env !== undefined && !environments.includes(env as Environment))
    throw new TypeError(`env is one of ${environments.join(', ')}`);
  if (
    ttlSeconds !== undefined &&
    !(Number.isInteger(ttlSeconds) && Math.abs(ttlSeconds as number) <= MAX_TTL)
  )
    throw new TypeError(
      `ttlSeconds is whole seconds, at most ${MAX_TTL} either way (negative: already expired)`,
    );
  return value as TokenRequest;
}

/** What mints tokens: the PKI's signing key, the scopes a token has by default, the environment by default. */
export interface Minting {
  privateKey: string;
  allScopes: readonly string[];
}

/** A token for `request`, by default with every scope of the contract, for `env`, for a day. */
export function mintToken(minting: Minting, request: unknown, env: Environment): Promise<string> {
  const { scopes, env: asked, ttlSeconds } = checkedTokenRequest(request);
  return signToken(minting.privateKey, {
    env: asked ?? env,
    scopes: [...(scopes ?? minting.allScopes)],
    ...(ttlSeconds === undefined ? {} : { ttlSeconds }),
  });
}
