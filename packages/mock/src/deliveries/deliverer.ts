// The mock's deliveries, one engine per mock: each notification to a registered webhook is queued, sent
// (at most `concurrency` attempts on the wire at once), and, when an attempt fails, tried again on the
// retry schedule (the mock's documented choice; the contract shows none). Bounded: at most `maxPending`
// deliveries wait over all sessions and `maxPendingPerSession` in one; a delivery that finds no room fails
// at once, saying so. Faults of the webhook (delays, duplicates, out of order) apply here. Each attempt is
// reported when it ends; a session's reset or close, or the mock's stop, drops what still waits.
import type { DeliveryLimits } from '../api/limits.ts';
import type { WebhookAttemptKind } from '../api/webhook-log.ts';
import { deliveryHeaders } from '../api/webhooks.ts';
import { type AttemptResult, type DeliveryIdentity, deliverOnce } from './attempt.ts';
import type { Webhook } from './registration.ts';
import type { WebhookRegistry } from './registry.ts';
import { standardWebhooksHeaders } from './signing.ts';

/** One notification to deliver. */
export interface Delivery {
  webhook: Webhook;
  /** The session's registry: its signal stops the delivery, its share of the queue bounds it. */
  registry: WebhookRegistry;
  /** The default session waits within the mock's whole queue; an opened one within its share too. */
  shared: boolean;
  body: Buffer;
  notificationId: string;
  webhookLogId: string;
  /** What the first attempt is (`test`, `resend`, `retry`). */
  kind: WebhookAttemptKind;
  /** A manual retry is one attempt; a new delivery follows the retry schedule when it fails. */
  schedule: boolean;
  /** Told of each attempt once it ended. */
  onAttempt(attempt: EndedAttempt): void;
}

export interface EndedAttempt {
  kind: WebhookAttemptKind;
  /** The headers sent (the body is the delivery's). */
  headers: Readonly<Record<string, string>>;
  startedAt: number;
  result: AttemptResult;
  /** No further attempt of this delivery will come (delivered, or the schedule is spent). */
  last: boolean;
}

export class Deliverer {
  readonly #identity: DeliveryIdentity;
  readonly #limits: DeliveryLimits;
  readonly #stopped = new AbortController();
  readonly #pendingBy = new Map<WebhookRegistry, number>();
  /** Deliveries so far per webhook, for the out-of-order fault (every other one held back). */
  readonly #counts = new WeakMap<Webhook, number>();
  #pending = 0;
  #onWire = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(identity: DeliveryIdentity, limits: DeliveryLimits) {
    this.#identity = identity;
    this.#limits = limits;
  }

  get limits(): DeliveryLimits {
    return this.#limits;
  }

  /** Queues the delivery; a reason instead when the queue has no room (nothing is sent then). */
  deliver(delivery: Delivery): { queued: true } | { queued: false; reason: string } {
    const mine = this.#pendingBy.get(delivery.registry) ?? 0;
    if (this.#stopped.signal.aborted) return { queued: false, reason: 'the mock is stopping' };
    if (this.#pending >= this.#limits.maxPending)
      return { queued: false, reason: `queue full: ${this.#limits.maxPending} deliveries are waiting` };
    if (!delivery.shared && mine >= this.#limits.maxPendingPerSession)
      return {
        queued: false,
        reason: `queue full: ${this.#limits.maxPendingPerSession} deliveries of this session are waiting`,
      };
    this.#pending += 1;
    this.#pendingBy.set(delivery.registry, mine + 1);
    void this.#run(delivery).finally(() => {
      this.#pending -= 1;
      const left = (this.#pendingBy.get(delivery.registry) ?? 1) - 1;
      if (left > 0) this.#pendingBy.set(delivery.registry, left);
      else this.#pendingBy.delete(delivery.registry);
    });
    return { queued: true };
  }

  /** Deliveries waiting now, over all sessions. */
  get pending(): number {
    return this.#pending;
  }

  /** Drops every waiting delivery and attempt (the mock stops). */
  close(): void {
    this.#stopped.abort();
    for (const wake of this.#waiting.splice(0)) wake();
  }

  async #run(delivery: Delivery): Promise<void> {
    const signal = AbortSignal.any([delivery.registry.signal, this.#stopped.signal]);
    const { faults } = delivery.webhook;
    const count = (this.#counts.get(delivery.webhook) ?? 0) + 1;
    this.#counts.set(delivery.webhook, count);
    const held = faults.outOfOrderMs && count % 2 === 1 ? faults.outOfOrderMs : 0;
    const schedule = delivery.schedule ? this.#limits.retrySchedule : [];
    let kind = delivery.kind;
    for (let round = 0; round <= schedule.length; round++) {
      const wait = (round === 0 ? held : (schedule[round - 1] ?? 0)) + (faults.delayMs ?? 0);
      if (!(await sleep(wait, signal))) return;
      const last = round === schedule.length;
      const ok = await this.#attempt(delivery, kind, signal, last && !faults.duplicate);
      if (round === 0 && faults.duplicate) await this.#attempt(delivery, 'duplicate', signal, ok || last);
      if (ok || signal.aborted) return;
      kind = 'scheduled';
    }
  }

  /** One attempt, within the concurrency bound; true when the receiver answered 2xx. */
  async #attempt(
    delivery: Delivery,
    kind: WebhookAttemptKind,
    signal: AbortSignal,
    last: boolean,
  ): Promise<boolean> {
    if (!(await this.#slot(signal))) return false;
    try {
      const headers = headersOf(delivery, kind);
      const startedAt = Date.now();
      const target = { url: delivery.webhook.url, body: delivery.body, headers };
      const result = await deliverOnce(target, this.#identity, this.#limits, signal);
      const ok = result.status !== undefined && result.status >= 200 && result.status < 300;
      if (!signal.aborted) delivery.onAttempt({ kind, headers, startedAt, result, last: last || ok });
      return ok;
    } finally {
      this.#onWire -= 1;
      this.#waiting.shift()?.();
    }
  }

  /** Waits for a place on the wire; false when the delivery was stopped meanwhile. */
  async #slot(signal: AbortSignal): Promise<boolean> {
    while (this.#onWire >= this.#limits.concurrency) {
      if (signal.aborted) return false;
      await new Promise<void>((wake) => {
        const done = () => {
          signal.removeEventListener('abort', done);
          wake();
        };
        this.#waiting.push(done);
        signal.addEventListener('abort', done, { once: true });
      });
    }
    if (signal.aborted) return false;
    this.#onWire += 1;
    return true;
  }
}

/** The headers of an attempt: the mock's own ids (labelled x-mock-), and the signature when opted in. */
function headersOf(delivery: Delivery, kind: WebhookAttemptKind): Record<string, string> {
  const { webhook, notificationId, webhookLogId, body } = delivery;
  const signing = webhook.signing
    ? standardWebhooksHeaders(webhook.signing.key, notificationId, Math.floor(Date.now() / 1000), body)
    : {};
  return {
    'content-type': 'application/json',
    'user-agent': 'banking-api-mock-webhooks',
    [deliveryHeaders.notificationId]: notificationId,
    [deliveryHeaders.webhookLogId]: webhookLogId,
    [deliveryHeaders.webhookId]: webhook.webhookId,
    [deliveryHeaders.attempt]: kind,
    ...signing,
  };
}

/** Waits `ms` (at once for 0); false when the signal stopped the wait. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve(true);
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}
