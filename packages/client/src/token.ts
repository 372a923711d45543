import type { TokenSource } from './options.js';

/** Refresh this long before `exp`, so a token never expires in flight. */
const EARLY_MS = 30_000;

function expiryOf(jwt: string): number {
  const payload = jwt.split('.')[1];
  if (!payload) return Number.POSITIVE_INFINITY;
  try {
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof exp === 'number' ? exp * 1000 : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Bearer tokens: a fixed string, or a provider whose answer is cached until shortly before its JWT `exp`. */
export class TokenCache {
  #source: TokenSource;
  /** The provider's answer, while fresh; `#pending` is the one call under way, shared by concurrent callers. */
  #value: string | undefined;
  #refreshAt = 0;
  #pending: Promise<string> | undefined;

  constructor(source: TokenSource) {
    if (typeof source !== 'string' && typeof source !== 'function')
      throw new TypeError(
        'createBankingClient: `token` must be a JWT string or an async function returning one',
      );
    if (source === '') throw new TypeError('createBankingClient: `token` is empty');
    this.#source = source;
  }

  /** Whether a 401 can be cured by asking again. */
  get refreshable(): boolean {
    return typeof this.#source === 'function';
  }

  /** The token, when one is ready without waiting. */
  peek(): string | undefined {
    const source = this.#source;
    if (typeof source === 'string') return source;
    return this.#value !== undefined && Date.now() < this.#refreshAt ? this.#value : undefined;
  }

  get(): Promise<string> {
    const source = this.#source;
    const ready = this.peek();
    if (ready !== undefined) return Promise.resolve(ready);
    if (typeof source === 'string') return Promise.resolve(source);
    this.#pending ??= source()
      .then(
        (token) => {
          if (typeof token !== 'string' || !token) throw new TypeError('token provider returned no token');
          this.#value = token;
          this.#refreshAt = expiryOf(token) - EARLY_MS;
          return token;
        },
        (error: unknown) => {
          throw error; // nothing is cached: the next call asks the provider again
        },
      )
      .finally(() => {
        this.#pending = undefined;
      });
    return this.#pending;
  }

  /** Forget the cached token (after a 401). */
  invalidate(token: string): void {
    if (this.#value === token) this.#value = undefined; // else another request already refreshed it
  }
}
