// A webhook registration read strictly, as stubs and faults are: an https URL without credentials in it,
// the notification types, and the opt-in signing and faults, each within bounds; anything else is a
// message saying what is wrong (the admin route answers it as a 400, the handle throws it as a TypeError).
import { unknownKeys } from '../api/known-keys.ts';
import type {
  DeliveryFaults,
  RegisteredWebhook,
  WebhookRegistration,
  WebhookSigning,
} from '../api/webhooks.ts';

/** A registration as the registry keeps it: checked, with its types and its signing key as bytes. */
export interface Webhook {
  readonly webhookId: string;
  readonly url: URL;
  readonly types: readonly string[];
  readonly signing?: { readonly profile: 'standard-webhooks'; readonly key: Buffer };
  readonly faults: DeliveryFaults;
}

const webhookIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;
const typePattern = /^(?:\*|[A-Za-z0-9._-]{1,64})$/;
const secretPattern = /^whsec_([A-Za-z0-9+/]{32,88}={0,2})$/;
const MAX_URL = 2048;
const MAX_TYPES = 32;
const MAX_WAIT_MS = 60_000;

/** The webhook id as the registry takes it, or what is wrong with it. */
export function checkedWebhookId(webhookId: unknown): string | { error: string } {
  if (typeof webhookId === 'string' && webhookIdPattern.test(webhookId)) return webhookId;
  return { error: 'the webhook id is 1 to 128 letters, digits, ".", "_", ":" or "-"' };
}

/** The registration, checked; or a message saying what is wrong with it. */
export function checkedRegistration(webhookId: unknown, value: unknown): Webhook | { error: string } {
  const id = checkedWebhookId(webhookId);
  if (typeof id !== 'string') return id;
  const given = typeof value === 'string' ? { url: value } : value;
  if (given === null || typeof given !== 'object' || Array.isArray(given))
    return { error: 'a webhook is an object { url, types?, signing?, faults? } (or its URL alone)' };
  const [unknown] = unknownKeys(given, ['url', 'types', 'signing', 'faults']);
  if (unknown) return { error: `${unknown.key.slice(0, 64)} ${unknown.message}` };
  const { url, types, signing, faults } = given as Partial<Record<keyof WebhookRegistration, unknown>>;
  const checked = [checkedUrl(url), checkedTypes(types), checkedSigning(signing), checkedFaults(faults)];
  const error = checked.find(
    (c): c is { error: string } => typeof c === 'object' && c !== null && 'error' in c,
  );
  if (error) return error;
  const [u, t, s, f] = checked as [URL, string[], Webhook['signing'], DeliveryFaults];
  return { webhookId: id, url: u, types: t, ...(s && { signing: s }), faults: f };
}

/** What the registry shows of a webhook: never its signing secret. */
export function shownWebhook(webhook: Webhook): RegisteredWebhook {
  const faults = Object.keys(webhook.faults).length ? { faults: { ...webhook.faults } } : {};
  return {
    webhookId: webhook.webhookId,
    url: webhook.url.href,
    types: [...webhook.types],
    ...(webhook.signing && { signing: { profile: webhook.signing.profile } }),
    ...faults,
  };
}

function checkedUrl(value: unknown): URL | { error: string } {
  if (typeof value !== 'string' || value.length > MAX_URL)
    return { error: `url is an https URL of at most ${MAX_URL} characters` };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: 'url is not a URL' };
  }
  if (url.protocol !== 'https:') return { error: 'url must be https: deliveries are made over mutual TLS' };
  if (url.username || url.password)
    return { error: 'url must not carry credentials: the mock presents its client certificate instead' };
  if (url.hash) return { error: 'url must not have a fragment' };
  return url;
}

function checkedTypes(value: unknown): string[] | { error: string } {
  if (value === undefined) return ['*'];
  const fine =
    Array.isArray(value) &&
    value.length >= 1 &&
    value.length <= MAX_TYPES &&
    value.every((t) => typeof t === 'string' && typePattern.test(t));
  if (!fine)
    return {
      error: `types is a list of 1 to ${MAX_TYPES} notification types (letters, digits, ".", "_", "-"; "*" for every type)`,
    };
  return [...new Set(value as string[])];
}

function checkedSigning(value: unknown): Webhook['signing'] | { error: string } {
  if (value === undefined) return undefined;
  const [unknown] = unknownKeys(value, ['profile', 'secret']);
  if (unknown) return { error: `signing.${unknown.key.slice(0, 64)} ${unknown.message}` };
  const { profile, secret } = (value ?? {}) as Partial<WebhookSigning>;
  if (profile !== 'standard-webhooks')
    return { error: 'signing.profile must be "standard-webhooks" (the one profile the mock offers)' };
  const match = typeof secret === 'string' ? secretPattern.exec(secret) : null;
  const key = match ? Buffer.from(match[1] as string, 'base64') : undefined;
  if (!key || key.length < 24 || key.length > 64)
    return { error: 'signing.secret is "whsec_" and the base64 of 24 to 64 random bytes' };
  return { profile, key };
}

function checkedFaults(value: unknown): DeliveryFaults | { error: string } {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { error: 'faults is an object { duplicate?, delayMs?, outOfOrderMs? }' };
  const [unknown] = unknownKeys(value, ['duplicate', 'delayMs', 'outOfOrderMs']);
  if (unknown) return { error: `faults.${unknown.key.slice(0, 64)} ${unknown.message}` };
  const { duplicate, delayMs, outOfOrderMs } = value as DeliveryFaults;
  if (duplicate !== undefined && typeof duplicate !== 'boolean')
    return { error: 'faults.duplicate must be true or false' };
  const wait = (name: string, n: unknown, min: number) =>
    n === undefined || (Number.isInteger(n) && (n as number) >= min && (n as number) <= MAX_WAIT_MS)
      ? undefined
      : { error: `faults.${name} must be whole milliseconds from ${min} to ${MAX_WAIT_MS}` };
  const error = wait('delayMs', delayMs, 0) ?? wait('outOfOrderMs', outOfOrderMs, 1);
  if (error) return error;
  return Object.fromEntries(
    Object.entries({ duplicate, delayMs, outOfOrderMs }).filter(([, v]) => v !== undefined),
  ) as DeliveryFaults;
}
