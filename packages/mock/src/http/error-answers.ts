// The errors the mock makes up, where the contract must be asked what to say: a stub without a body, a
// `Prefer: code=...`, a fault. Each answers what the contract documents for that status (its example's code
// and message: a 400 is VALIDATION_ERROR here), else the mock's own choice, labelled as such in docs/mock.md
// (a 5xx as a real gateway words it, another status by its reason phrase). One function, so a bodyless 400
// stub and `Prefer: code=400` answer alike.
import { STATUS_CODES } from 'node:http';
import { jsonContent, type Operation, responseFor } from '@banking-api/contract';
import { type Answer, envelopeAnswer } from './answer.ts';
import { type ErrorEnvelope, envelope } from './envelope.ts';

/** The `Retry-After` of a 503 that names none. */
export const DEFAULT_RETRY_AFTER_SECONDS = 1;

/** Codes and messages a real gateway gives its 5xx answers (the mock's choice: the contract shows none). */
const failures: Record<number, [string, string]> = {
  500: ['INTERNAL_ERROR', 'An unexpected error occurred. Try again later.'],
  502: ['BAD_GATEWAY', 'An upstream service answered with an error. Try again later.'],
  503: ['SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Try again later.'],
  504: ['GATEWAY_TIMEOUT', 'An upstream service did not answer in time. Try again later.'],
};

/** The code and message the mock gives a 5xx it makes up. */
export function failureOf(status: number): [string, string] {
  return failures[status] ?? ['SERVER_ERROR', 'The server could not answer. Try again later.'];
}

/** The mock's own code and message for a status the contract gives no example of. */
function mocksChoice(status: number, cause: string): [string, string] {
  if (status >= 500) return failureOf(status);
  if (status === 400) return ['VALIDATION_ERROR', 'The request is invalid.']; // the contract's §7, rule 1
  const reason = STATUS_CODES[status] ?? `HTTP ${status}`;
  return [reason.toUpperCase().replace(/[^A-Z0-9]+/g, '_'), `${reason} (${cause}).`];
}

type ErrorExample = { code?: unknown; message?: unknown; details?: unknown };

/**
 * The error envelope `op` documents for `status`, with the real path and time. `cause` says what made it up
 * (`a stub of this session`): in the message of a status the contract words nothing for, and in the one detail
 * a 400 gets when its example has none (a validation error names what failed).
 */
export function documentedError(
  op: Operation | undefined,
  status: number,
  path: string,
  cause: string,
): ErrorEnvelope {
  const media = op && jsonContent(responseFor(op, status)?.content ?? []);
  const example = media?.examples[0]?.value as ErrorExample | undefined;
  const [ownCode, ownMessage] = mocksChoice(status, cause);
  const code = typeof example?.code === 'string' ? example.code : ownCode;
  const message = typeof example?.message === 'string' ? example.message : ownMessage;
  const given = Array.isArray(example?.details) ? example.details : [];
  const details =
    given.length || status !== 400
      ? given
      : [{ location: 'request', code: 'simulated', message: `A validation failure (${cause}).` }];
  return envelope(status, code, message, path, details);
}

/**
 * A made-up server failure as an answer, with `Retry-After` as asked (`null`: none; by default 1 on a 503, as
 * a gateway shedding load says).
 */
export function failureAnswer(
  status: number,
  path: string,
  retryAfterSeconds?: number | null,
  op?: Operation,
): Answer {
  const seconds =
    retryAfterSeconds === undefined
      ? status === 503
        ? DEFAULT_RETRY_AFTER_SECONDS
        : null
      : retryAfterSeconds;
  const headers: Record<string, string> = seconds === null ? {} : { 'retry-after': String(seconds) };
  return envelopeAnswer(documentedError(op, status, path, 'a simulated failure'), headers);
}
