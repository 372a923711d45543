// What the journal says of a request, and how a test asks for some of them: the shapes the in-process
// handle, the admin route and the admin client share.
import type { Environment } from '../pki/dev-pki.ts';
import type { WebhookAttemptKind } from './webhook-log.ts';

/**
 * What made an answer: Prism; Prism's earlier answer given again (`example`, the fast path); a stub; a
 * fault; the stateful sandbox (`state`); the mock itself (a refusal, an unknown path); the receiver of one
 * of the mock's own webhook deliveries (`receiver`, an entry with `delivery`).
 */
export type AnsweredBy = 'prism' | 'example' | 'stub' | 'fault' | 'state' | 'mock' | 'receiver';

/** What an entry of the mock's own webhook delivery delivered, and why (the request is the mock's POST). */
export interface DeliveryFacts {
  webhookId: string;
  webhookLogId: string;
  notificationId: string;
  attempt: WebhookAttemptKind;
  /** Why no whole answer came (a time-out, a reset, a certificate refused); its status is then 0. */
  error?: string;
}

export interface JournalEntry {
  /** Sequence number of the request, from 1. */
  id: string;
  /** The request id the answer carried (the client's `x-request-id` when it sent a plain one). */
  requestId: string;
  /** ISO 8601 time the request arrived. */
  time: string;
  method: string;
  /** Path and query, redacted. */
  url: string;
  /** The operationId the request named; none for unknown paths and methods. */
  operationId: string | undefined;
  environment: Environment | undefined;
  /** Request headers, redacted (the token is never kept). */
  headers: Record<string, string>;
  /** The request body as text, redacted; when one was read (not for refused requests). */
  body?: string;
  /** The body's size in bytes, when it was cut to the journal's body limit. */
  bodyBytes?: number;
  /**
   * `passed`: the contract accepts the request; `failed`: it broke the contract (`details` says how);
   * `not-checked`: refused before validation (certificate, token, scope) or answered by a fault.
   */
  validation: { result: 'passed' | 'failed' | 'not-checked'; details?: unknown[] };
  /** The answer's status; 0 when the connection was dropped. */
  status: number;
  /** The answer: its status and body as text, redacted and cut like a request body. */
  response: { status: number; body?: string; bodyBytes?: number };
  /**
   * What made the answer: `prism`; `example` (the answer Prism gave an earlier valid request, given again);
   * `stub`; `fault`; `state` (the stateful sandbox); `mock` (the mock's own refusal or 404).
   */
  answeredBy: AnsweredBy;
  /** The stub that answered, if one did. */
  stubId?: string;
  /** An entry of a webhook delivery the mock made (method POST, the receiver's URL): what and why. */
  delivery?: DeliveryFacts;
  durationMs: number;
}

/** An exact status (`422`) or a class (`'4xx'`). */
export type StatusPattern = number | `${1 | 2 | 3 | 4 | 5}xx`;

/** Which entries to read; every field given must hold. */
export interface JournalFilter {
  operationId?: string | undefined;
  /** An exact status (`422`) or a class (`'4xx'`). */
  status?: StatusPattern | undefined;
  /** Requests that arrived at or after this time (a Date, epoch milliseconds or ISO 8601 text). */
  since?: Date | number | string | undefined;
  /** Requests that arrived before this time. */
  until?: Date | number | string | undefined;
  /** The newest this many (after the other filters). */
  limit?: number | undefined;
}

/** What a test expects of the calls to one operation (`journal.expectCalled`). */
export interface CallExpectation {
  /** Exactly this many calls; default at least one. */
  times?: number | undefined;
  /** Only answers with this status (or class, `'4xx'`). */
  status?: StatusPattern | undefined;
  /** How long to wait for the calls to reach the journal (an answer is journaled once sent); default 1000 ms. */
  within?: number | undefined;
  /** Only calls whose JSON body holds this part, whose query has these values, whose headers have these values. */
  where?:
    | {
        body?: unknown;
        query?: Record<string, string> | undefined;
        headers?: Record<string, string> | undefined;
      }
    | undefined;
}
