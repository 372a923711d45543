// Every bound of the mock, as numbers, in one place: the gateway's (time, sizes, connections), and what each
// store may hold (journal, stubs, stateful sandbox) in the default session and in each session a test opens.
// Nothing here enforces them: http/limits.ts and the stores of session/ do.

export interface Limits {
  /** A TLS handshake not done in this time is dropped (also a client that connects and says nothing). */
  handshakeTimeoutMs: number;
  /** The request line and headers must arrive within this time after the handshake: else 408. */
  headersTimeoutMs: number;
  /** The body must arrive within this time after the headers: else 408. */
  bodyTimeoutMs: number;
  /** An idle keep-alive connection is closed after this time. */
  keepAliveTimeoutMs: number;
  /** Request line plus headers larger than this: 431. Their number is bounded by this size alone. */
  maxHeaderBytes: number;
  /** A body larger than this: 413. */
  maxBodyBytes: number;
  /** Connections beyond this many at once are closed on accept. */
  maxConnections: number;
  /** A token issued (`iat`) further in the future than this is refused. */
  clockSkewSeconds: number;
  /** A JSON body nested deeper than this (objects and arrays): 400, before anything reads or keeps it. */
  maxJsonDepth: number;
  /** A JSON body larger than this: 413, before anything reads or keeps it. */
  maxJsonBytes: number;
}

export const defaultLimits: Limits = {
  handshakeTimeoutMs: 10_000,
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderBytes: 16 * 1024,
  maxBodyBytes: 10 * 1024 * 1024,
  maxConnections: 1_000,
  clockSkewSeconds: 60,
  maxJsonDepth: 64,
  maxJsonBytes: 1024 * 1024,
};

/** The limits with the caller's changes. */
export function limitsWith(changes: Partial<Limits> = {}): Limits {
  return { ...defaultLimits, ...changes };
}

export interface JournalLimits {
  /** Entries kept; default 1000. */
  maxEntries: number;
  /** Bytes kept in all (bodies, URLs, headers, answers); default 16 MiB. */
  maxBytes: number;
  /** Bytes of one body kept; the rest is cut, with a marker. Default 64 KiB. */
  maxBodyBytes: number;
}

export const defaultJournalLimits: JournalLimits = {
  maxEntries: 1000,
  maxBytes: 16 * 1024 * 1024,
  maxBodyBytes: 64 * 1024,
};

export interface StubLimits {
  /** Stubs a session keeps; default 100. */
  maxStubs: number;
  /** Bytes of stubs (as JSON) a session keeps; default 1 MiB. */
  maxBytes: number;
}

export const defaultStubLimits: StubLimits = { maxStubs: 100, maxBytes: 1024 * 1024 };

export interface StateLimits {
  /** Idempotency identifiers remembered (with their answers); default 10 000. */
  maxRemembered: number;
  /** Webhook logs kept, over all webhooks; default 1 000. */
  maxWebhookLogs: number;
  /** Bytes each of the two stores holds (answers, payloads); default 32 MiB. */
  maxBytes: number;
  /** Delivery attempts kept per webhook log (the first and the latest); default 100. */
  maxAttempts: number;
}

export const defaultStateLimits: StateLimits = {
  maxRemembered: 10_000,
  maxWebhookLogs: 1_000,
  maxBytes: 32 * 1024 * 1024,
  maxAttempts: 100,
};

/**
 * How the mock delivers webhooks (deliveries/): every wait bounded, every queue bounded. The retry schedule
 * is the mock's own choice (the contract does not show one): after a failed attempt, the next waits the
 * schedule's next delay; after the last, the delivery stays FAILED.
 */
export interface DeliveryLimits {
  /** TCP connect and TLS handshake together; a receiver slower than this fails the attempt. */
  connectTimeoutMs: number;
  /** The whole attempt: from the start to the last byte of the receiver's answer read. */
  attemptTimeoutMs: number;
  /** Bytes of the receiver's answer read; the rest is not waited for (the connection is closed). */
  maxAnswerBytes: number;
  /** Attempts on the wire at once, over every session. */
  concurrency: number;
  /** Deliveries waiting (queued, delayed or scheduled for a retry) over every session; more fail at once. */
  maxPending: number;
  /** Deliveries waiting in one opened session. */
  maxPendingPerSession: number;
  /** Delays of the automatic retries after a failed attempt, in milliseconds; `[]` for none. */
  retrySchedule: readonly number[];
  /** Webhooks one session may register. */
  maxWebhooks: number;
}

export const defaultDeliveryLimits: DeliveryLimits = {
  connectTimeoutMs: 5_000,
  attemptTimeoutMs: 10_000,
  maxAnswerBytes: 64 * 1024,
  concurrency: 8,
  maxPending: 1_000,
  maxPendingPerSession: 100,
  retrySchedule: [1_000, 5_000, 25_000],
  maxWebhooks: 32,
};

/** What one session may hold. */
export interface SessionStores {
  journal: Partial<JournalLimits>;
  state: Partial<StateLimits>;
  stubs: Partial<StubLimits>;
}

export interface SessionLimits {
  /** Sessions open at once, the default one aside; default 64. */
  maxSessions: number;
  /** A session unused this long is closed; default 15 minutes. */
  idleTimeoutMs: number;
  /** What each opened session may hold (the default session keeps the mock's own limits). */
  stores: SessionStores;
}

export const defaultSessionLimits: SessionLimits = {
  maxSessions: 64,
  idleTimeoutMs: 15 * 60_000,
  stores: {
    journal: { maxEntries: 1000, maxBytes: 1024 * 1024, maxBodyBytes: 64 * 1024 },
    state: { maxRemembered: 1000, maxWebhookLogs: 200, maxBytes: 1024 * 1024 },
    stubs: { maxStubs: 100, maxBytes: 1024 * 1024 },
  },
};
