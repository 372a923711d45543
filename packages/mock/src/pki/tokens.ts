// Dev tokens: ES256 JWTs signed with the PKI folder's key. Claims: env, scope (space-separated), exp.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { type Environment, environments } from './dev-pki.ts';

export const issuer = 'banking-api-mock';

export interface TokenOptions {
  env: Environment;
  scopes?: string[];
  /** Lifetime in seconds; negative makes an already expired token. Default one day. */
  ttlSeconds?: number;
  subject?: string;
  /** Issue time in epoch seconds; default now (tests set it in the future). */
  issuedAt?: number;
}

export async function signToken(privateKeyPem: string, options: TokenOptions): Promise<string> {
  const now = options.issuedAt ?? Math.floor(Date.now() / 1000);
  return new SignJWT({ env: options.env, scope: (options.scopes ?? []).join(' ') })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(options.subject ?? 'dev')
    .setIssuedAt(now)
    .setExpirationTime(now + (options.ttlSeconds ?? 86_400))
    .sign(createPrivateKey(privateKeyPem));
}

export interface VerifiedToken {
  env: Environment;
  scopes: Set<string>;
  /** Whom it was issued to (`sub`; `dev` unless the token says otherwise). */
  subject: string;
  /** Expiry in epoch seconds. */
  exp: number;
}

export type TokenCheck = { ok: true; token: VerifiedToken } | { ok: false; reason: string };

/**
 * Verifies tokens, remembering good ones: the same token arrives on every request of a client, and an
 * ES256 verification per request would cost more than the rest of the gateway's work.
 */
export class TokenVerifier {
  readonly #key: KeyObject;
  readonly #cache = new Map<string, VerifiedToken>();
  readonly #clockSkewSeconds: number;

  /** `clockSkewSeconds`: how far in the future a token's `iat` may lie (clocks differ); default 60. */
  constructor(publicKeyPem: string, options: { clockSkewSeconds?: number } = {}) {
    this.#key = createPublicKey(publicKeyPem);
    this.#clockSkewSeconds = options.clockSkewSeconds ?? 60;
  }

  async verify(jwt: string): Promise<TokenCheck> {
    const cached = this.#cache.get(jwt);
    if (cached) {
      if (cached.exp * 1000 > Date.now()) return { ok: true, token: cached };
      this.#cache.delete(jwt);
      return { ok: false, reason: 'The token has expired.' };
    }
    try {
      const { payload } = await jwtVerify(jwt, this.#key, {
        issuer,
        algorithms: ['ES256'],
        requiredClaims: ['exp', 'env'],
      });
      if (issuedInFuture(payload.iat, this.#clockSkewSeconds))
        return { ok: false, reason: 'The token is issued in the future (check the clock that made it).' };
      const env = payload.env as Environment;
      if (!environments.includes(env)) return { ok: false, reason: 'The token has no valid env claim.' };
      const scope = typeof payload.scope === 'string' ? payload.scope : '';
      const scopes = new Set(scope.split(' ').filter(Boolean));
      const subject = typeof payload.sub === 'string' ? payload.sub : '';
      const token = { env, scopes, subject, exp: payload.exp as number };
      if (this.#cache.size >= 1000) this.#cache.clear(); // bounded: dev traffic has few distinct tokens
      this.#cache.set(jwt, token);
      return { ok: true, token };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'The token has expired.' };
      return { ok: false, reason: 'The token is not a valid token of this mock.' };
    }
  }
}

/** An `iat` later than now plus the allowed clock skew: a token from a wrong clock or a forged one. */
function issuedInFuture(iat: unknown, skewSeconds: number): boolean {
  return typeof iat !== 'number' || iat > Date.now() / 1000 + skewSeconds;
}
