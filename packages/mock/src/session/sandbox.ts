// The stateful sandbox's stores (opt-in; features/sandbox.ts puts them on the request path): the first
// answer to each idempotency key, and webhook logs, kept in memory until `reset()`, each bounded in entries
// and bytes (the oldest make room). Plain values in, plain values out. A log keeps the bytes it delivers, so
// that a retry or a resend delivers exactly what the first attempt did.
import { defaultStateLimits, type StateLimits } from '../api/limits.ts';
import type { WebhookAttempt, WebhookLog } from '../api/webhook-log.ts';
import type { Answer } from '../http/answer.ts';
import { BoundedMap } from './bounded-map.ts';

/** What the sandbox keeps of an idempotent request. */
export interface Remembered {
  /** SHA-256 of the body, compared byte for byte. */
  bodyHash: string;
  /** The first answer as sent; absent while that request is still being answered. */
  answer?: Answer;
}

export class Sandbox {
  readonly limits: StateLimits;
  readonly #idempotent: BoundedMap<Remembered>;
  /** Every log by its id; `#byWebhook` lists the ids of each webhook, oldest first. */
  readonly #logs: BoundedMap<{ env: string; log: WebhookLog; body: Buffer }>;
  readonly #byWebhook = new Map<string, string[]>();
  /** The latest log of each notification, by environment and notification id. */
  readonly #byNotification = new Map<string, string>();

  constructor(limits: Partial<StateLimits> = {}) {
    this.limits = { ...defaultStateLimits, ...limits };
    this.#idempotent = new BoundedMap(this.limits.maxRemembered, this.limits.maxBytes);
    this.#logs = new BoundedMap(this.limits.maxWebhookLogs, this.limits.maxBytes, (id, { env, log }) => {
      this.#unlist(`${env}|${log.webhookId}`, id);
      const notification = `${env}|${log.notificationId}`;
      if (this.#byNotification.get(notification) === id) this.#byNotification.delete(notification);
    });
  }

  /** Forgets every remembered answer and webhook log. */
  reset(): void {
    this.#idempotent.clear();
    this.#logs.clear();
    this.#byWebhook.clear();
    this.#byNotification.clear();
  }

  /** What each store holds now. */
  usage(): {
    remembered: { entries: number; bytes: number };
    webhookLogs: { entries: number; bytes: number };
  } {
    return { remembered: this.#idempotent.usage(), webhookLogs: this.#logs.usage() };
  }

  webhookLogs(env: string, webhookId: string): WebhookLog[] {
    const ids = this.#byWebhook.get(`${env}|${webhookId}`) ?? [];
    return ids.flatMap((id) => this.#logs.get(id)?.log ?? []);
  }

  /** Adds a log with the bytes it delivers (the store's budget counts them twice: as bytes and as payload). */
  addWebhookLog(env: string, log: WebhookLog, body: Buffer): void {
    const key = `${env}|${log.webhookId}`;
    this.#byWebhook.set(key, [...(this.#byWebhook.get(key) ?? []), log.id]);
    this.#byNotification.set(`${env}|${log.notificationId}`, log.id);
    this.#logs.set(log.id, { env, log, body }, 2 * body.length + 512);
  }

  findWebhookLog(env: string, id: string): WebhookLog | undefined {
    const found = this.#logs.get(id);
    return found?.env === env ? found.log : undefined;
  }

  /** The bytes a log delivers. */
  webhookBody(env: string, id: string): Buffer | undefined {
    const found = this.#logs.get(id);
    return found?.env === env ? found.body : undefined;
  }

  /** The latest log that delivered a notification. */
  findNotification(env: string, notificationId: string): WebhookLog | undefined {
    const id = this.#byNotification.get(`${env}|${notificationId}`);
    return id === undefined ? undefined : this.findWebhookLog(env, id);
  }

  /** Adds a delivery attempt, keeping the first and the latest ones within the limit. */
  addAttempt(log: WebhookLog, attempt: WebhookAttempt): void {
    if (log.attempts.length >= this.limits.maxAttempts) log.attempts.splice(1, 1);
    log.attempts.push(attempt);
  }

  /** The first answer to an idempotency key (none while that request is still being answered). */
  remembered(key: string): Remembered | undefined {
    return this.#idempotent.get(key);
  }

  remember(key: string, value: Remembered): void {
    const body = value.answer?.body;
    const bytes =
      key.length +
      64 +
      (body === undefined ? 0 : Buffer.byteLength(body)) +
      JSON.stringify(value.answer?.headers ?? {}).length;
    this.#idempotent.set(key, value, bytes);
  }

  forget(key: string): void {
    this.#idempotent.delete(key);
  }

  #unlist(key: string, id: string): void {
    const ids = (this.#byWebhook.get(key) ?? []).filter((other) => other !== id);
    if (ids.length) this.#byWebhook.set(key, ids);
    else this.#byWebhook.delete(key);
  }
}
