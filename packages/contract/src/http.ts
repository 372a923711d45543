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
