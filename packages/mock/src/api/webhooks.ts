// The mock's webhook registry, as a test names it (the contract does not show how a webhook URL is
// registered: this is the mock's own documented choice, docs/mock.md "Webhook deliveries"). A webhook has an
// id (the `webhookId` of `POST /hb/webhook/try` and `GET /hb/webhook/logs`), an https URL, the notification
// types it is configured for (`GET /ar/notifications/webhook/{type}`), and opt-in extras a receiver may want
// to be tested against: a Standard Webhooks signature (not the platform's contract) and delivery faults.

/** Faults that make a receiver's life hard on purpose; none unless asked for. */
export interface DeliveryFaults {
  /** Every delivery is sent twice (the second attempt's kind is `duplicate`): receivers must be idempotent. */
  duplicate?: boolean | undefined;
  /** Each attempt waits this long before it is sent (0 to 60000 ms). */
  delayMs?: number | undefined;
  /**
   * Every other delivery of the webhook is held back this long (1 to 60000 ms), so the one after it arrives
   * first: receivers must not assume order.
   */
  outOfOrderMs?: number | undefined;
}

/**
 * Opt-in signing with the Standard Webhooks profile (`webhook-id`, `webhook-timestamp`, `webhook-signature:
 * v1,<HMAC-SHA256>`): offered to test a receiver's verification code, NOT the platform's contract, which
 * does not show how deliveries are signed.
 */
export interface WebhookSigning {
  profile: 'standard-webhooks';
  /** `whsec_` and the base64 of 24 to 64 random bytes. */
  secret: string;
}

export interface WebhookRegistration {
  /** Where deliveries go: an https URL (deliveries only ever go to registered URLs). */
  url: string;
  /** The notification types the URL is configured for; default every type (`["*"]`). */
  types?: readonly string[] | undefined;
  signing?: WebhookSigning | undefined;
  faults?: DeliveryFaults | undefined;
}

/** A registered webhook as the registry shows it (the signing secret is never shown back). */
export interface RegisteredWebhook {
  webhookId: string;
  url: string;
  types: string[];
  signing?: { profile: 'standard-webhooks' };
  faults?: DeliveryFaults;
}

/** The headers the mock sends with every delivery (its own, not the platform's: the contract shows none). */
export const deliveryHeaders = {
  notificationId: 'x-mock-notification-id',
  webhookLogId: 'x-mock-webhook-log-id',
  webhookId: 'x-mock-webhook-id',
  attempt: 'x-mock-delivery-attempt',
} as const;
