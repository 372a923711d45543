// The request journal: every request the gateway answered, with the operation it named, the result of
// validating it and the status it got; tokens, secrets and personal data are redacted (the shared
// redaction of @banking-api/contract, linear in the text) when it is read. Bounded in entries and in
// bytes: a body is kept up to `maxBodyBytes` (the rest cut, with a marker), and the oldest entries make
// room.
import type { IncomingHttpHeaders } from 'node:http';
import { type ContractModel, createRedactor, type Redactor, redactHeaderValues } from '@banking-api/contract';
import type { Environment } from './dev-pki.ts';
import type { AnsweredBy, GatewayHooks, RequestContext } from './hooks.ts';
import { statusMatches } from './journal-filter.ts';

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
  durationMs: number;
}

/** Which entries to read; every field given must hold. */
export interface JournalFilter {
  operationId?: string | undefined;
  /** An exact status (`422`) or a class (`'4xx'`). */
  status?: number | `${1 | 2 | 3 | 4 | 5}xx` | undefined;
  /** Requests that arrived at or after this time (a Date, epoch milliseconds or ISO 8601 text). */
  since?: Date | number | string | undefined;
  /** Requests that arrived before this time. */
  until?: Date | number | string | undefined;
  /** The newest this many (after the other filters). */
  limit?: number | undefined;
}

/**
 * What is kept of a request on the hot path: a few references, not the request and response objects
 * (keeping a thousand of those alive cost the gateway a tenth of its throughput); redacted and shaped only
 * when the journal is read.
 */
interface Recorded {
  seq: number;
  /** The whole body's size (what is kept may be cut). */
  bodyBytes: number;
  ctx: Snapshot;
  status: number;
  finished: number;
  answer: Kept | undefined;
  /** Bytes this record holds (bodies, URL, headers), for the journal's byte budget. */
  bytes: number;
}

/** The answer as kept: its body (cut to the body limit) and the whole body's size. */
interface Kept {
  status: number;
  body: string | Buffer | undefined;
  bodyBytes: number;
}

type Snapshot = Pick<
  RequestContext,
  | 'requestId'
  | 'started'
  | 'env'
  | 'body'
  | 'answeredByHook'
  | 'dropped'
  | 'validated'
  | 'stubId'
  | 'answeredBy'
> & {
  req: { method: string | undefined; url: string | undefined; headers: IncomingHttpHeaders };
  match: { operation: { operationId: string } } | undefined;
};

const snapshot = (ctx: RequestContext, maxBodyBytes: number): Snapshot => ({
  requestId: ctx.requestId,
  started: ctx.started,
  env: ctx.env,
  body:
    ctx.body && ctx.body.length > maxBodyBytes ? Buffer.from(ctx.body.subarray(0, maxBodyBytes)) : ctx.body,
  answeredByHook: ctx.answeredByHook,
  dropped: ctx.dropped,
  validated: ctx.validated,
  stubId: ctx.stubId,
  answeredBy: ctx.answeredBy,
  req: { method: ctx.req.method, url: ctx.req.url, headers: ctx.req.headers },
  match: ctx.match && { operation: { operationId: ctx.match.operation.operationId } },
});

/** The answer as sent, its body kept by reference (answers are not changed once sent), cut to the limit. */
function keptAnswer(ctx: RequestContext, maxBodyBytes: number): Kept | undefined {
  const answer = ctx.answer;
  if (!answer) return undefined;
  const body = answer.body;
  const bodyBytes = body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  const kept =
    bodyBytes > maxBodyBytes ? Buffer.from(Buffer.from(body as string).subarray(0, maxBodyBytes)) : body;
  return { status: answer.status, body: kept, bodyBytes };
}

function headerBytes(headers: IncomingHttpHeaders): number {
  let n = 0;
  for (const [name, value] of Object.entries(headers)) n += name.length + String(value ?? '').length;
  return n;
}

export interface JournalLimits {
  /** Entries kept; default 1000. */
  maxEntries: number;
  /** Bytes kept in all (bodies, URLs, headers, answers); default 16 MiB. */
  maxBytes: number;
  /** Bytes of one body kept; the rest is cut, with a marker. Default 64 KiB. */
  maxBodyBytes: number;
}

export const defaultJournalLimits: JournalLimits = {
  maxEntries: 1000,
  maxBytes: 16 * 1024 * 1024,
  maxBodyBytes: 64 * 1024,
};

/**
 * The journal's placeholders say what was there: `[cpf]`, `[email]`, `[token]`; secrets `[redacted]`. Made
 * when the journal is first read: reading the contract's secret fields walks every schema, which grew the
 * mock's start with the contract (a CPU profile at 2,002 operations).
 */
export function journalRedactor(model?: ContractModel): Redactor {
  let made: Redactor | undefined;
  const redactor = () => {
    made ??= createRedactor({
      model,
      placeholder: (kind) => (kind === 'secret' ? '[redacted]' : `[${kind}]`),
    });
    return made;
  };
  return {
    text: (text) => redactor().text(text),
    value: (value) => redactor().value(value),
    isSecretKey: (name) => redactor().isSecretKey(name),
    placeholder: (kind) => redactor().placeholder(kind),
  };
}

export class Journal {
  readonly #recorded: Recorded[] = [];
  readonly #limits: JournalLimits;
  readonly #redactor: Redactor;
  #bytes = 0;
  #seq = 0;

  constructor(limits: Partial<JournalLimits> = {}, redactor: Redactor = journalRedactor()) {
    const given = Object.entries(limits).filter(([, v]) => v !== undefined);
    this.#limits = { ...defaultJournalLimits, ...Object.fromEntries(given) };
    this.#redactor = redactor;
  }

  /** The entries, oldest first, redacted; only those the filter keeps. */
  entries(filter: JournalFilter = {}): JournalEntry[] {
    const keep = recordFilter(filter);
    const kept = this.#recorded.filter(keep);
    const newest = filter.limit === undefined ? kept : kept.slice(Math.max(0, kept.length - filter.limit));
    return newest.map((recorded) => {
      // Made anew on each read, not kept: the journal's byte budget counts what it holds.
      return entryOf(recorded, this.#redactor);
    });
  }

  /** Entries and bytes held now. */
  usage(): { entries: number; bytes: number } {
    return { entries: this.#recorded.length, bytes: this.#bytes };
  }

  clear(): void {
    this.#recorded.length = 0;
    this.#bytes = 0;
  }

  /** Records a finished request (cheaply: the gateway's throughput should not pay for the journal). */
  add(ctx: RequestContext, status: number): void {
    const { maxBodyBytes, maxEntries, maxBytes } = this.#limits;
    this.#seq += 1;
    const kept = snapshot(ctx, maxBodyBytes);
    const answer = keptAnswer(ctx, maxBodyBytes);
    const bytes =
      (kept.body?.length ?? 0) +
      Math.min(answer?.bodyBytes ?? 0, maxBodyBytes) +
      (ctx.req.url?.length ?? 0) +
      headerBytes(ctx.req.headers);
    this.#recorded.push({
      seq: this.#seq,
      ctx: kept,
      bodyBytes: ctx.body?.length ?? 0,
      status,
      finished: Date.now(),
      answer,
      bytes,
    });
    this.#bytes += bytes;
    while (this.#recorded.length > maxEntries || (this.#bytes > maxBytes && this.#recorded.length > 1))
      this.#bytes -= this.#recorded.shift()?.bytes ?? 0;
  }
}

/** Paths of the mock's admin route, which the journal leaves out. */
export const adminPrefix = '/__mock/';

/** The hook that records every request in its session's journal, with the answer it got. */
export function journalHooks(): GatewayHooks {
  return {
    onResponse(ctx, status) {
      if (!ctx.path.startsWith(adminPrefix)) ctx.session?.journal.add(ctx, status);
    },
  };
}

function entryOf(recorded: Recorded, redactor: Redactor): JournalEntry {
  const { seq, ctx, status, finished, answer, bodyBytes } = recorded;
  return {
    id: String(seq),
    requestId: redactor.text(ctx.requestId),
    time: new Date(ctx.started).toISOString(),
    method: ctx.req.method ?? '',
    url: redactUrl(ctx.req.url ?? '/', redactor),
    operationId: ctx.match?.operation.operationId,
    environment: ctx.env,
    headers: redactHeaderValues(ctx.req.headers, redactor),
    ...redactedBody(ctx.body, bodyBytes, redactor),
    validation: ctx.validated
      ? { result: 'passed' }
      : answer && !ctx.answeredByHook
        ? validationOf(answer, redactor)
        : { result: 'not-checked' },
    status: ctx.dropped ? 0 : status,
    response: responseOf(ctx.dropped ? 0 : status, answer, redactor),
    answeredBy: ctx.answeredBy ?? 'mock',
    ...(ctx.stubId ? { stubId: ctx.stubId } : {}),
    durationMs: finished - ctx.started,
  };
}

/** The answer's status and body, redacted; a body cut to the limit says so. */
function responseOf(status: number, answer: Kept | undefined, redactor: Redactor): JournalEntry['response'] {
  if (!answer || status === 0 || answer.body === undefined) return { status };
  return { status, ...redactedBody(Buffer.from(answer.body), answer.bodyBytes, redactor) };
}

/** The filter as a test of records: operation, status (exact or class) and arrival time. */
function recordFilter(filter: JournalFilter): (recorded: Recorded) => boolean {
  const since = filter.since === undefined ? undefined : new Date(filter.since).getTime();
  const until = filter.until === undefined ? undefined : new Date(filter.until).getTime();
  const { operationId, status } = filter;
  const statusOf = (r: Recorded) => (r.ctx.dropped ? 0 : r.status);
  return (r) =>
    (operationId === undefined || r.ctx.match?.operation.operationId === operationId) &&
    (status === undefined || statusMatches(statusOf(r), status)) &&
    (since === undefined || r.ctx.started >= since) &&
    (until === undefined || r.ctx.started < until);
}

/** The kept body, redacted; a cut one ends at a delimiter (no half of a number left) and says so. */
function redactedBody(
  body: Buffer | undefined,
  bodyBytes: number,
  redactor: Redactor,
): { body?: string; bodyBytes?: number } {
  if (!body?.length) return {};
  if (body.length >= bodyBytes) return { body: redactor.text(body.toString('utf8')) };
  const text = cutAtDelimiter(body.toString('utf8'));
  return { body: `${redactor.text(text)}…[truncated: ${bodyBytes} bytes in all]`, bodyBytes };
}

/** Text cut mid-value would leave part of a datum the redaction no longer recognizes: drop that part. */
function cutAtDelimiter(text: string): string {
  for (let i = text.length - 1; i >= Math.max(0, text.length - 256); i--)
    if ('"\n,{}[]&;=:'.includes(text[i] as string)) return text.slice(0, i + 1);
  return text.slice(0, Math.max(0, text.length - 256));
}

/** What Prism's answer says about validation: a 400 VALIDATION_ERROR names the violations. */
function validationOf(answer: Kept, redactor: Redactor): JournalEntry['validation'] {
  const { status, body } = answer;
  if (status === 0 || body === undefined) return { result: 'not-checked' };
  if (status < 400) return { result: 'passed' };
  const envelope = parseJson(Buffer.from(body)) as { code?: unknown; details?: unknown } | undefined;
  if (status === 400 && envelope?.code === 'VALIDATION_ERROR') {
    const details = Array.isArray(envelope.details) ? envelope.details : [];
    return { result: 'failed', details: redactor.value(details) as unknown[] };
  }
  return { result: 'not-checked' };
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The URL with a query's `+` read as a space, then redacted (the redaction decodes percent-escapes). */
function redactUrl(url: string, redactor: Redactor): string {
  const query = url.indexOf('?');
  return redactor.text(query === -1 ? url : url.slice(0, query) + url.slice(query).replaceAll('+', ' '));
}
