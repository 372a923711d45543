// One session of a running mock: its own faults, stubs, journal and (when stateful) sandbox. A request
// belongs to the session its `x-mock-session` header names, else to the default session, which is the
// mock as it was before sessions: so test files running side by side against one mock each see only
// their own. Every store is bounded; a session nobody used for its idle timeout is closed. Its webhook
// registry (deliveries/registry.ts) is where its deliveries go, and stops them when it resets or closes.
import type { ContractModel, Redactor } from '@banking-api/contract';
import type { Fault } from '../api/fault.ts';
import type { SessionStores } from '../api/limits.ts';
import type { SessionInfo } from '../api/session.ts';
import type { WebhookRegistration } from '../api/webhooks.ts';
import { WebhookRegistry } from '../deliveries/registry.ts';
import { FaultRules } from './faults.ts';
import { Journal } from './journal.ts';
import { Sandbox } from './sandbox.ts';
import { StubRules } from './stubs.ts';

/**
 * What every session reads of the contract, made once per mock: its model, its operationIds, and the
 * journal's redactor (reading the contract's secret fields walks every schema).
 */
export interface SessionContract {
  model: ContractModel;
  operationIds: readonly string[];
  redactor: Redactor;
}

export interface SessionOptions {
  /** The stateful sandbox in this session (idempotent replay, webhook logs); default the mock's setting. */
  stateful?: boolean | undefined;
  /** Closed after this long without a request or admin call; default the mock's (15 minutes). */
  idleTimeoutMs?: number | undefined;
  /** Faults it starts with, and keeps after a reset (`startMock({ faults })` for the default session). */
  faults?: Record<string, Fault> | undefined;
  /** Webhooks it starts with, and keeps after a reset (`startMock({ webhooks })`, the CLI's --webhook). */
  webhooks?: Readonly<Record<string, WebhookRegistration | string>> | undefined;
  /** Webhooks it may register; default 32. */
  maxWebhooks?: number | undefined;
}

/** Why a stateless session registers no webhook: its deliveries would have no log to go in. */
export const statelessWebhooks =
  'webhooks deliver in a stateful session only (their attempts go in its webhook logs): start the mock with --stateful, or open the session with { stateful: true }';

export class Session {
  readonly id: string;
  /** The contract's operationIds, which stubs, faults and filters may name. */
  readonly operationIds: readonly string[];
  readonly faults: FaultRules;
  readonly stubs: StubRules;
  readonly journal: Journal;
  readonly sandbox: Sandbox | undefined;
  /** Where its deliveries go (stateful sessions deliver; a stateless one answers the contract's examples). */
  readonly webhooks: WebhookRegistry;
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
    this.webhooks = new WebhookRegistry(options.maxWebhooks ?? 32, options.webhooks);
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

  /** The session as the admin route describes it. */
  info(): SessionInfo {
    const closes = Number.isFinite(this.idleTimeoutMs); // the default session never does
    return {
      id: this.id,
      stateful: this.sandbox !== undefined,
      idleTimeoutSeconds: closes ? Math.round(this.idleTimeoutMs / 1000) : null,
      expiresAt: closes ? new Date(this.expiresAt).toISOString() : null,
    };
  }

  /** Forgets everything it holds: state, stubs, journal, and faults but those it started with. */
  reset(): void {
    this.faults.clear();
    this.#applyStartFaults();
    this.stubs.clear();
    this.journal.clear();
    this.sandbox?.reset();
    this.webhooks.reset();
  }

  /** The session closed: its deliveries stop. */
  closed(): void {
    this.webhooks.stopDeliveries();
  }
}
