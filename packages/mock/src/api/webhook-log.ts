// The webhook logs of the stateful sandbox, as the mock shows them (the contract leaves their shape open:
// this is the mock's choice, documented in docs/mock.md). Every attempt is a real delivery over mutual TLS
// (deliveries/), and says what the receiver did: its status and how long it took, or why nothing came.

/**
 * Why an attempt was made: `test` (the first of a `try`), `resend` (the first of a resent notification),
 * `retry` (a `POST /hb/webhook/retry`), `scheduled` (the mock's own retry schedule after a failure),
 * `duplicate` (a fault that delivers the same notification twice on purpose).
 */
export type WebhookAttemptKind = 'test' | 'resend' | 'retry' | 'scheduled' | 'duplicate';

/** A delivery attempt of a webhook (the contract leaves the log's shape open: this is the mock's). */
export interface WebhookAttempt {
  kind: WebhookAttemptKind;
  /** When the attempt ended (ISO 8601). */
  at: string;
  /** DELIVERED: the receiver answered 2xx; FAILED: any other status, a time-out, a refused or reset connection. */
  status: 'DELIVERED' | 'FAILED';
  /** The receiver's HTTP status, when it answered. */
  responseStatus?: number;
  /** From the start of the attempt to the receiver's answer (or to the failure). */
  latencyMs?: number;
  /** What went wrong, when no answer came (`timeout`, `ECONNRESET`, `no URL is registered …`). */
  error?: string;
}

export interface WebhookLog {
  id: string;
  webhookId: string;
  /** The notification the log delivers; `POST /ar/notifications/resend` takes it. */
  notificationId: string;
  event: 'test';
  payload: unknown;
  createdAt: string;
  /** PENDING while an attempt is queued or scheduled; else the last attempt's outcome. */
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: WebhookAttempt[];
}
