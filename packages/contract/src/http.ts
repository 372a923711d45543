import type { HttpMethod } from './model.js';

/** The methods an OpenAPI path item may hold, in the order the model lists an operation's. */
export const HTTP_METHODS: readonly HttpMethod[] = [
  'GET',
  'PUT',
  'POST',
  'DELETE',
  'PATCH',
  'HEAD',
  'OPTIONS',
  'TRACE',
];

/** The header that names the account of account-scoped operations (contract §4, rule 2). */
export const ACCOUNT_HEADER = 'x-account-id';

/**
 * `url` without its trailing slashes. A loop, not `/\/+$/`: that pattern retries from every slash of a long
 * run that does not end the string, quadratic in its length.
 */
export function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}
