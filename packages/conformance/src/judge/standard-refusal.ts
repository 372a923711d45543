// Which status HTTP itself gives a refusal, per kind of flawed request a probe sends on purpose. Where the
// contract documents no answer for that refusal (neither the code, nor a 4XX range, nor `default`), a server
// that answers the standard status is not failed for an "undocumented" one: the contract is silent, and a
// note says so. Where the contract documents one, the server is held to the contract (response-status and
// the probe checks). Not any 4xx: only the standard one(s) for the probe (RFC 9110 §15.5).
import type { Refusal } from '../types.js';

const STANDARD: Readonly<Record<Refusal, readonly number[]>> = {
  validation: [400],
  // A path segment that breaks its schema names no resource: 404 is as standard as 400.
  'path-value': [400, 404],
  credential: [401],
  scope: [403],
  // A token of another environment: not a credential here (401), or one without the right (403).
  environment: [401, 403],
  'not-found': [404],
  method: [405],
  'not-acceptable': [406],
  'too-large': [413],
  'media-type': [415],
};

const WHAT: Readonly<Record<Refusal, string>> = {
  validation: 'a request that fails validation',
  'path-value': 'a path segment that breaks its schema',
  credential: 'a request without a valid credential',
  scope: 'a token without the scope',
  environment: 'a token of another environment',
  'not-found': 'no such resource',
  method: 'a method the path does not have',
  'not-acceptable': 'an Accept the operation cannot serve',
  'too-large': 'a body over the limit',
  'media-type': 'a body of a media type the operation does not take',
};

/** The statuses HTTP gives `refusal`. */
export const standardStatuses = (refusal: Refusal): readonly number[] => STANDARD[refusal];

/** Whether `status` is the standard answer to `refusal`. */
export const isStandardRefusal = (refusal: Refusal, status: number): boolean =>
  STANDARD[refusal].includes(status);

/** The note that a standard refusal was accepted where the contract is silent. */
export const silentContractNote = (refusal: Refusal, status: number): string =>
  `the contract documents no answer to ${WHAT[refusal]} here; the HTTP-standard ${status} was accepted`;
