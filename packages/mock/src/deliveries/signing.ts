// The opt-in Standard Webhooks signing profile (webhook-id, webhook-timestamp, webhook-signature: v1 and the
// base64 HMAC-SHA256 of "id.timestamp.body" under the secret's key). Offered so that a team can test its
// verification code; it is NOT the platform's contract, which does not show how deliveries are signed.
import { createHmac } from 'node:crypto';

/** The three Standard Webhooks headers for `body`, sent as message `id` at `timestamp` (Unix seconds). */
export function standardWebhooksHeaders(
  key: Buffer,
  id: string,
  timestamp: number,
  body: Buffer,
): Record<string, string> {
  const signed = Buffer.concat([Buffer.from(`${id}.${timestamp}.`), body]);
  const signature = createHmac('sha256', key).update(signed).digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${signature}`,
  };
}
