// One session of a running mock: its own faults, stubs, journal and (when stateful) sandbox. A request
// belongs to the session its `x-mock-session` header names, else to the default session, which is the
// mock as it was before sessions: so test files running side by side against one mock each see only
// their own. Every store is bounded; a session nobody used for its idle timeout is closed.
import { type Fault, FaultRules } from './faults.ts';
import { Journal, type JournalLimits } from './journal.ts';
import type { SessionContract } from './sessions.ts';
import { Sandbox, type StateLimits } from './state.ts';
import { type StubLimits, StubRules } from './stubs.ts';

export interface SessionOptions {
  /** The stateful sandbox in this session (idempotent replay, webhook logs); default the mock's setting. */
  stateful?: boolean | undefined;
  /** Closed after this long without a request or admin call; default the mock's (15 minutes). */
  idleTimeoutMs?: number | undefined;
  /** Faults it starts with, and keeps after a reset (`startMock({ faults })` for the default session). */
  faults?: Record<string, Fault> | undefined;
}

/** What one session may hold. */
export interface SessionStores {
  journal: Partial<JournalLimits>;
  state: Partial<StateLimits>;
  stubs: Partial<StubLimits>;
}

export class Session {
  readonly id: string;
  /** The contract's operationIds, which stubs, faults and filters may name. */
  readonly operationIds: readonly string[];
  readonly faults: FaultRules;
  readonly stubs: StubRules;
  readonly journal: Journal;
  readonly sandbox: Sandbox | undefined;
  readonly idleTimeoutMs: number;
  #lastUsed = Date.now();

  readonly #startFaults: Record<string, Fault>;

  /** `contract`: what every session reads of it, made once per mock (sessions.ts). */
  constructor(id: string, contract: SessionContract, stores: SessionStores, options: SessionOptions) {
    const { model, redactor } = contract;
    this.id = id;
    this.operationIds = contract.operationIds;
    this.faults = new FaultRules(this.operationIds);
    this.stubs = new StubRules(model, stores.stubs);
    this.journal = new Journal(stores.journal, redactor);
    this.sandbox = options.stateful ? new Sandbox(stores.state) : undefined;
    this.idleTimeoutMs = options.idleTimeoutMs ?? Number.POSITIVE_INFINITY;
    this.#startFaults = { ...options.faults };
    this.#applyStartFaults();
  }

  #applyStartFaults(): void {
    for (const [operationId, fault] of Object.entries(this.#startFaults)) this.faults.set(operationId, fault);
  }

  /** Marks the session used now: its idle timeout starts again. */
  touch(now: number = Date.now()): void {
    this.#lastUsed = now;
  }

  /** When it will close if nobody uses it (epoch milliseconds). */
  get expiresAt(): number {
    return this.#lastUsed + this.idleTimeoutMs;
  }

  /** Forgets everything it holds: state, stubs, journal, and faults but those it started with. */
  reset(): void {
    this.faults.clear();
    this.#applyStartFaults();
    this.stubs.clear();
    this.journal.clear();
    this.sandbox?.reset();
  }
}
