// The webhook logs of the stateful sandbox, as the mock shows them (the contract leaves their shape open:
// this is the mock's choice, documented in docs/mock.md).

/** A delivery attempt of a webhook (the contract leaves the log's shape open: this is the mock's). */
export interface WebhookAttempt {
  kind: 'test' | 'retry';
  at: string;
  status: 'DELIVERED';
}

export interface WebhookLog {
  id: string;
  webhookId: string;
  event: 'test';
  payload: unknown;
  createdAt: string;
  attempts: WebhookAttempt[];
}
