// Bearer tokens. A fixed string, or a provider whose answer is cached until shortly before its JWT `exp`.
// The provider is asked by one call at a time, shared by every request waiting for a token, and that call
// has its own deadline: a provider that fails or hangs fails the requests waiting on it (typed, in
// transport.ts) and the next request asks again, so a provider that recovers is used at once.
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

/** Why a provider call gave no token. */
export type TokenFailureReason = 'failed' | 'timeout' | 'no-token';

/** A provider call that gave no token; `cause` is what the provider threw, if anything. */
export class TokenFailure extends Error {
  override name = 'TokenFailure';
  constructor(
    readonly reason: TokenFailureReason,
    readonly timeoutMs: number,
    cause?: unknown,
  ) {
    super(reason);
    if (cause !== undefined) this.cause = cause;
  }
}

export class TokenCache {
  #source: TokenSource;
  #timeoutMs: number;
  /** The provider's answer, while fresh; `#pending` is the one provider call under way. */
  #value: string | undefined;
  #refreshAt = 0;
  #pending: Promise<string> | undefined;

  constructor(source: TokenSource, timeoutMs: number) {
    if (typeof source !== 'string' && typeof source !== 'function')
      throw new TypeError(
        'createBankingClient: `token` must be a JWT string or an async function returning one',
      );
    if (source === '') throw new TypeError('createBankingClient: `token` is empty');
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
      throw new TypeError('createBankingClient: `tokenTimeoutMs` must be a number > 0');
    this.#source = source;
    this.#timeoutMs = timeoutMs;
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

  /** The token; rejects with a TokenFailure when the provider call fails, hangs or gives no token. */
  get(): Promise<string> {
    const ready = this.peek();
    if (ready !== undefined) return Promise.resolve(ready);
    const source = this.#source;
    if (typeof source === 'string') return Promise.resolve(source);
    if (this.#pending) return this.#pending;
    const pending = this.#ask(source).finally(() => {
      if (this.#pending === pending) this.#pending = undefined; // settled: the next request asks again
    });
    this.#pending = pending;
    return pending;
  }

  /** One provider call within its deadline; its signal aborts when the deadline passes. */
  #ask(provider: Exclude<TokenSource, string>): Promise<string> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let late = false;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        late = true; // an answer after the deadline is not kept: the next request has asked again
        const failure = new TokenFailure('timeout', this.#timeoutMs);
        reject(failure);
        controller.abort(failure);
      }, this.#timeoutMs);
    });
    const answer = new Promise<unknown>((resolve) => resolve(provider({ signal: controller.signal }))).then(
      (token) => (late ? '' : this.#keep(token)),
      (error: unknown) => {
        throw new TokenFailure('failed', this.#timeoutMs, error);
      },
    );
    answer.catch(() => undefined); // a late failure after the deadline is nobody's to handle
    return Promise.race([answer, deadline]).finally(() => clearTimeout(timer));
  }

  #keep(token: unknown): string {
    if (typeof token !== 'string' || !token) throw new TokenFailure('no-token', this.#timeoutMs);
    this.#value = token;
    this.#refreshAt = expiryOf(token) - EARLY_MS;
    return token;
  }

  /** Forget the cached token (after a 401). */
  invalidate(token: string): void {
    if (this.#value === token) this.#value = undefined; // else another request already refreshed it
  }
}
