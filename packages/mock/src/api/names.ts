// The names the mock answers to, each written once: its headers, the admin route's prefix and scope, and
// the id of the default session.

/** The header that names a request's session. */
export const sessionHeader = 'x-mock-session';

/** The id of the default session: requests that send no session header. */
export const DEFAULT_SESSION = 'default';

/** Where the admin route lives on the gateway's own address; the journal leaves its requests out. */
export const adminPrefix = '/__mock/';

/** The scope of the admin credential. */
export const adminScope = 'mock.admin';

/**
 * The header that asks for a fault on one request: `latency=2000`, `status=503`, `retry-after=5` (or
 * `none`), `drop`, comma-separated.
 */
export const faultHeader = 'x-mock-fault';

/** Header on a replayed answer of the stateful sandbox (the mock's choice). */
export const replayHeader = 'x-mock-idempotent-replay';
