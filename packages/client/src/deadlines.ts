// The deadlines of a client's calls, kept by ONE timer. Every call of a client has the same `timeoutMs`, so
// calls reach their deadlines in the order they started: the pending calls are a Set (insertion order) whose
// first entry is always the next to expire. A call joins when it starts and leaves when it ends, each a Set
// operation; the timer is armed for the first call's deadline and, when it fires, expires what is due and
// re-arms for the next. A per-call setTimeout/clearTimeout pair cost more than the rest of the deadline logic
// (bench/client.ts). The timer keeps the process alive exactly while a call is pending, as a per-call timer
// would: an unfinished call (a middleware or token provider still waiting) still ends at its deadline.

/** What the deadlines need of a call. */
export interface Timed {
  /** The deadline, on performance.now()'s clock. */
  readonly endsAt: number;
}

/** Node's timers fire on a millisecond clock: a deadline less than this far ahead counts as reached. */
const SLACK_MS = 1;

export class Deadlines<T extends Timed> {
  readonly #pending = new Set<T>();
  readonly #expire: (call: T) => void;
  #timer: NodeJS.Timeout | undefined;

  /** `expire` is told of each call whose deadline passed (it has left the set by then). */
  constructor(expire: (call: T) => void) {
    this.#expire = expire;
  }

  /** The call's deadline runs from now on. */
  add(call: T): void {
    const pending = this.#pending;
    pending.add(call);
    if (!this.#timer) this.#arm(call.endsAt - performance.now());
    else if (pending.size === 1) this.#timer.ref(); // armed for an earlier deadline: it fires, then re-arms
  }

  /** The call is over: its deadline no longer matters. */
  remove(call: T): void {
    const pending = this.#pending;
    if (!pending.delete(call) || pending.size > 0) return;
    this.#timer?.unref(); // nothing pending: the timer must not hold the process
  }

  #arm(ms: number): void {
    this.#timer = setTimeout(() => this.#fire(), Math.max(ms, SLACK_MS));
  }

  #fire(): void {
    const now = performance.now();
    const due: T[] = [];
    let next: T | undefined;
    for (const call of this.#pending) {
      if (call.endsAt - now >= SLACK_MS) {
        next = call;
        break;
      }
      due.push(call);
    }
    for (const call of due) this.#pending.delete(call);
    this.#timer = undefined;
    if (next) this.#arm(next.endsAt - now);
    for (const call of due) this.#expire(call);
  }
}
