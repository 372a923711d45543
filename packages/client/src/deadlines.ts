// The deadlines of a client's calls, kept by ONE timer. Every call of a client has the same `timeoutMs`, so
// calls reach their deadlines in the order they started: the pending calls form a list in start order
// (linked through the calls themselves, so joining and leaving allocate nothing) whose first call is always
// the next to expire. The timer is armed for the first call's deadline and, when it fires, expires what is
// due and re-arms for the next. A per-call setTimeout/clearTimeout pair cost more than the rest of the
// deadline logic (bench/client.ts). The timer keeps the process alive exactly while a call is pending, as a
// per-call timer would: an unfinished call (a middleware or token provider still waiting) still ends at its
// deadline.

/** What the deadlines need of a call: its deadline and two links of the list. */
export interface Timed {
  /** The deadline, on performance.now()'s clock. */
  readonly endsAt: number;
  /** The next call in start order, while pending. */
  newer: Timed | undefined;
  /** The previous call in start order, while pending. */
  older: Timed | undefined;
}

/** Node's timers fire on a millisecond clock: a deadline less than this far ahead counts as reached. */
const SLACK_MS = 1;

export class Deadlines<T extends Timed> {
  #oldest: T | undefined;
  #newest: T | undefined;
  readonly #expire: (call: T) => void;
  #timer: NodeJS.Timeout | undefined;

  /** `expire` is told of each call whose deadline passed (it has left the list by then). */
  constructor(expire: (call: T) => void) {
    this.#expire = expire;
  }

  /** The call's deadline runs from now on. */
  add(call: T): void {
    const newest = this.#newest;
    call.older = newest;
    call.newer = undefined;
    this.#newest = call;
    if (newest) {
      newest.newer = call;
      return;
    }
    this.#oldest = call;
    if (!this.#timer) this.#arm(call.endsAt - performance.now());
    else this.#timer.ref(); // armed for an earlier deadline: it fires, then re-arms for this one
  }

  /** The call is over: its deadline no longer matters (a call not in the list is left alone). */
  remove(call: T): void {
    const { older, newer } = call;
    if (older) older.newer = newer;
    else if (this.#oldest === call) this.#oldest = newer as T | undefined;
    else return; // not pending
    if (newer) newer.older = older;
    else this.#newest = older as T | undefined;
    call.older = call.newer = undefined;
    if (!this.#oldest) this.#timer?.unref(); // nothing pending: the timer must not hold the process
  }

  #arm(ms: number): void {
    this.#timer = setTimeout(() => this.#fire(), Math.max(ms, SLACK_MS));
  }

  #fire(): void {
    this.#timer = undefined;
    const now = performance.now();
    const due: T[] = [];
    for (let call = this.#oldest; call && call.endsAt - now < SLACK_MS; call = this.#oldest) {
      this.remove(call);
      due.push(call);
    }
    const next = this.#oldest;
    if (next) this.#arm(next.endsAt - now);
    for (const call of due) this.#expire(call);
  }
}
