// Opt-in verification of the Standard Webhooks profile (webhook-id, webhook-timestamp, webhook-signature:
// space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`), for a receiver that was told to expect
// it (the mock offers it on request). The platform's contract does not show how deliveries are signed:
// the client certificate is what identifies the platform; this is an extra, never a replacement.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The secret's key: `whsec_` and base64, as Standard Webhooks writes it. */
export function signingKey(secret: string): Buffer {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(secret);
  const key = match ? Buffer.from(match[1] as string, 'base64') : Buffer.alloc(0);
  if (key.length < 16) throw new TypeError('standardWebhooksSecret is "whsec_" and the base64 of the key');
  return key;
}

/** Why the signature does not hold, or undefined when it does (within `toleranceSeconds` of now). */
export function signatureProblem(
  key: Buffer,
  headers: Readonly<Record<string, string | undefined>>,
  body: Buffer,
  toleranceSeconds: number,
  now: number = Date.now(),
): string | undefined {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) return 'missing webhook-id, webhook-timestamp or webhook-signature';
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!(Math.abs(now / 1000 - seconds) <= toleranceSeconds)) return 'webhook-timestamp is too old or too new';
  const expected = createHmac('sha256', key)
    .update(Buffer.concat([Buffer.from(`${id}.${timestamp}.`), body]))
    .digest();
  const matches = signatures.split(' ').some((entry) => {
    const [version, value = ''] = entry.split(',', 2);
    const given = Buffer.from(value, 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? undefined : 'no webhook-signature matches';
}
