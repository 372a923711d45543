// One session's webhook registry (the mock's own choice: the contract does not show how a URL is
// registered): webhook ids to checked registrations, bounded in number. Those the session started with (the
// CLI's --webhook, `startMock({ webhooks })`) stay after a reset; those added later go. The registry also
// owns the signal of the session's deliveries: a reset or a close aborts whatever is still queued.
import type { RegisteredWebhook, WebhookRegistration } from '../api/webhooks.ts';
import { checkedRegistration, checkedWebhookId, shownWebhook, type Webhook } from './registration.ts';

export class WebhookRegistry {
  readonly #webhooks = new Map<string, Webhook>();
  readonly #start: readonly Webhook[];
  readonly #max: number;
  #deliveries = new AbortController();

  /** `start`: the webhooks it begins with (checked: a TypeError says what is wrong with one). */
  constructor(max: number, start: Readonly<Record<string, WebhookRegistration | string>> = {}) {
    this.#max = max;
    this.#start = Object.entries(start).map(([id, registration]) => checked(id, registration));
    this.#applyStart();
  }

  /** Registers (or replaces) a webhook; a TypeError says what is wrong with it. */
  set(webhookId: string, registration: WebhookRegistration | string): RegisteredWebhook {
    const webhook = checked(webhookId, registration);
    if (!this.#webhooks.has(webhook.webhookId) && this.#webhooks.size >= this.#max)
      throw new TypeError(`a session registers at most ${this.#max} webhooks: remove one first`);
    this.#webhooks.set(webhook.webhookId, webhook);
    return shownWebhook(webhook);
  }

  /** False when no such webhook is registered. */
  remove(webhookId: string): boolean {
    return this.#webhooks.delete(webhookId);
  }

  clear(): void {
    this.#webhooks.clear();
  }

  list(): RegisteredWebhook[] {
    return [...this.#webhooks.values()].map(shownWebhook);
  }

  get(webhookId: string): Webhook | undefined {
    return this.#webhooks.get(webhookId);
  }

  /** The webhook configured for a notification type: the first registered for it, else the first for `*`. */
  forType(type: string): Webhook | undefined {
    const all = [...this.#webhooks.values()];
    return all.find((w) => w.types.includes(type)) ?? all.find((w) => w.types.includes('*'));
  }

  /** Aborted when the session's deliveries must stop (a reset, a close). */
  get signal(): AbortSignal {
    return this.#deliveries.signal;
  }

  /** Back to the webhooks it started with; queued deliveries are dropped. */
  reset(): void {
    this.stopDeliveries();
    this.#webhooks.clear();
    this.#applyStart();
  }

  /** Drops whatever is queued, delayed or scheduled (the session closes, or resets). */
  stopDeliveries(): void {
    this.#deliveries.abort();
    this.#deliveries = new AbortController();
  }

  #applyStart(): void {
    for (const webhook of this.#start) this.#webhooks.set(webhook.webhookId, webhook);
  }
}

function checked(webhookId: string, registration: WebhookRegistration | string): Webhook {
  const id = checkedWebhookId(webhookId);
  if (typeof id !== 'string') throw new TypeError(`webhook ${String(webhookId).slice(0, 64)}: ${id.error}`);
  const webhook = checkedRegistration(id, registration);
  if ('error' in webhook) throw new TypeError(`webhook ${id}: ${webhook.error}`);
  return webhook;
}
