import type { RetryOptions } from './options.js';

export interface RetryPolicy {
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export function retryPolicy(options: RetryOptions | false | undefined): RetryPolicy {
  if (options === false) return { retries: 0, baseDelayMs: 0, maxDelayMs: 0 };
  // An option given as undefined keeps its default, as an absent one does.
  const given = Object.entries(options ?? {}).filter(([, value]) => value !== undefined);
  const policy: RetryPolicy = {
    retries: 2,
    baseDelayMs: 100,
    maxDelayMs: 5000,
    ...Object.fromEntries(given),
  };
  for (const [name, value] of Object.entries(policy))
    if (!Number.isFinite(value) || value < 0)
      throw new TypeError(`createBankingClient: \`retry.${name}\` must be a number >= 0`);
  return policy;
}

/** Statuses worth another attempt of a safe request. */
export const retryableStatus = (status: number): boolean => status === 429 || status >= 500;

/** Retry-After (delta-seconds or HTTP-date) in ms, or undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * Wait before attempt `retry + 1` (retry counts from 1): the server's Retry-After when given, else
 * exponential backoff with full jitter. Undefined when the server asks for longer than `maxDelayMs`.
 */
export function backoffMs(policy: RetryPolicy, retry: number, retryAfter?: number): number | undefined {
  if (retryAfter !== undefined) return retryAfter <= policy.maxDelayMs ? retryAfter : undefined;
  return Math.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
}
