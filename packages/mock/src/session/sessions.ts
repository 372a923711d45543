// The sessions of a running mock: the default one, and those tests open (POST /__mock/sessions,
// `mock.openSession()`). Bounded in number; one left idle past its timeout is closed the next time the
// sessions are looked at, so a test run that crashed before closing its sessions leaves nothing behind for
// long. A request names its session by the `x-mock-session` header; a name no open session has is refused.
import { randomBytes } from 'node:crypto';
import { TooManySessionsError } from '../api/errors.ts';
import { unknownKeys } from '../api/known-keys.ts';
import type { SessionLimits } from '../api/limits.ts';
import { adminPrefix, DEFAULT_SESSION, sessionHeader } from '../api/names.ts';
import { type ErrorEnvelope, envelope } from '../http/envelope.ts';
import { Session, type SessionContract, type SessionOptions } from './session.ts';

const validId = /^[A-Za-z0-9_-]{1,64}$/;
const sessionsRoute = `${adminPrefix}sessions`;

export class Sessions {
  readonly default: Session;
  readonly #open = new Map<string, Session>();
  readonly #contract: SessionContract;
  readonly #limits: SessionLimits;
  readonly #stateful: boolean;
  readonly #maxWebhooks: number | undefined;

  constructor(
    contract: SessionContract,
    defaultSession: Session,
    limits: SessionLimits,
    stateful: boolean,
    maxWebhooks?: number,
  ) {
    this.#contract = contract;
    this.default = defaultSession;
    this.#limits = limits;
    this.#stateful = stateful;
    this.#maxWebhooks = maxWebhooks;
  }

  open(options: SessionOptions = {}): Session {
    this.#closeIdle();
    if (this.#open.size >= this.#limits.maxSessions)
      throw new TooManySessionsError(
        `${this.#limits.maxSessions} sessions are open: close one (DELETE /__mock/sessions/{id}, session.close()) or wait for an idle one to time out`,
      );
    const session = new Session(randomBytes(16).toString('base64url'), this.#contract, this.#limits.stores, {
      stateful: options.stateful ?? this.#stateful,
      idleTimeoutMs: options.idleTimeoutMs ?? this.#limits.idleTimeoutMs,
      maxWebhooks: this.#maxWebhooks,
    });
    this.#open.set(session.id, session);
    return session;
  }

  /** The open session with this id (the default one for `default`), marked used; none when unknown. */
  get(id: string): Session | undefined {
    if (id === DEFAULT_SESSION) return this.default;
    this.#closeIdle();
    const session = this.#open.get(id);
    session?.touch();
    return session;
  }

  /** Closes a session; false when none is open under that id. The default one stays. */
  close(id: string): boolean {
    this.#open.get(id)?.closed();
    return this.#open.delete(id);
  }

  /** How many sessions are open, the default one aside. */
  get openCount(): number {
    this.#closeIdle();
    return this.#open.size;
  }

  #closeIdle(now: number = Date.now()): void {
    for (const [id, session] of this.#open) if (session.expiresAt <= now) this.close(id);
  }
}

/** Options of a session to open (POST /__mock/sessions, `openSession()`), or what is wrong with them. */
export function checkedSessionOptions(
  value: unknown,
): { stateful?: boolean; idleTimeoutMs?: number } | string {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return 'the session options are an object';
  const [unknown] = unknownKeys(value, ['stateful', 'idleTimeoutSeconds']);
  if (unknown) return `${unknown.key.slice(0, 64)} ${unknown.message}`;
  const { stateful, idleTimeoutSeconds: seconds } = value as {
    stateful?: unknown;
    idleTimeoutSeconds?: unknown;
  };
  if (stateful !== undefined && typeof stateful !== 'boolean') return 'stateful must be true or false';
  if (
    seconds !== undefined &&
    !(Number.isInteger(seconds) && (seconds as number) >= 1 && (seconds as number) <= 86_400)
  )
    return 'idleTimeoutSeconds must be whole seconds from 1 to 86400';
  return { stateful, idleTimeoutMs: seconds === undefined ? undefined : (seconds as number) * 1000 };
}

/** The session a request names (by its header), and whether the name is one no open session has. */
export interface SessionChoice {
  session: Session;
  unknown: boolean;
}

/** The request's session, chosen as it arrives (so that a refused request is journaled in its session too). */
export function sessionOf(sessions: Sessions, asked: string | string[] | undefined): SessionChoice {
  const id = typeof asked === 'string' && validId.test(asked) ? asked : undefined;
  const session = (id && sessions.get(id)) || sessions.default;
  return { session, unknown: asked !== undefined && session === sessions.default && id !== DEFAULT_SESSION };
}

/**
 * The refusal of a request that names a session no open one has, once it is admitted; none for the sessions
 * route, so that opening a session works whatever a stale header says.
 */
export function unknownSessionRefusal(path: string): ErrorEnvelope | undefined {
  if (path.startsWith(sessionsRoute)) return undefined;
  const message = `No open mock session has the id in ${sessionHeader}: it was closed, or it timed out after being idle. Open another (openSession(), or POST /__mock/sessions).`;
  const detail = { location: 'header', field: sessionHeader, code: 'unknown_session', message };
  return envelope(400, 'UNKNOWN_MOCK_SESSION', message, path, [detail]);
}
