// A fault: what a test asks the mock to do to the answers of an operation, so that clients can test their
// retries and timeouts (session/faults.ts keeps them, features/faults.ts applies them).

export interface Fault {
  /** Milliseconds to wait before answering (or dropping). */
  latencyMs?: number | undefined;
  /** Answer with this 5xx instead of the operation's answer. */
  status?: number | undefined;
  /** Close the connection without an answer. */
  drop?: boolean | undefined;
  /** Apply to this many requests, then stop; default every request. */
  times?: number | undefined;
  /**
   * The `Retry-After` of the `status` answer, in whole seconds; `null` sends none. Default
   * 1 on a 503 (as a gateway shedding load says), none otherwise.
   */
  retryAfterSeconds?: number | null | undefined;
}
