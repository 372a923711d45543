// The request journal: every request the gateway answered, with the operation it named, the result of
// validating it and the status it got; tokens and personal data (CPF, CNPJ, phone numbers, e-mail
// addresses) are redacted before anything is kept. Bounded: the oldest entries make room.
import type { IncomingHttpHeaders } from 'node:http';
import type { Environment } from './dev-pki.ts';
import type { GatewayHooks, RequestContext } from './hooks.ts';

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
  /**
   * `passed`: the request reached Prism and was valid; `failed`: it broke the contract (`details` says
   * how); `not-checked`: refused before validation (certificate, token, scope) or answered by a fault.
   */
  validation: { result: 'passed' | 'failed' | 'not-checked'; details?: unknown[] };
  /** The answer's status; 0 when the connection was dropped. */
  status: number;
  durationMs: number;
}

/**
 * What is kept of a request on the hot path: a few references, not the request and response objects
 * (keeping a thousand of those alive cost the gateway a tenth of its throughput); redacted and shaped only
 * when the journal is read.
 */
interface Recorded {
  seq: number;
  ctx: Snapshot;
  status: number;
  finished: number;
  answer: { status: number; body: Buffer } | undefined;
}

type Snapshot = Pick<
  RequestContext,
  'requestId' | 'started' | 'env' | 'body' | 'answeredByHook' | 'dropped'
> & {
  req: { method: string | undefined; url: string | undefined; headers: IncomingHttpHeaders };
  match: { operation: { operationId: string } } | undefined;
};

const snapshot = (ctx: RequestContext): Snapshot => ({
  requestId: ctx.requestId,
  started: ctx.started,
  env: ctx.env,
  body: ctx.body,
  answeredByHook: ctx.answeredByHook,
  dropped: ctx.dropped,
  req: { method: ctx.req.method, url: ctx.req.url, headers: ctx.req.headers },
  match: ctx.match && { operation: { operationId: ctx.match.operation.operationId } },
});

/** Prism's answer as sent: the body matters only for an error envelope's details. */
function answerOf(ctx: RequestContext): Recorded['answer'] {
  const answer = ctx.answer;
  if (!answer) return undefined;
  const body = answer.status >= 400 && answer.body !== undefined ? Buffer.from(answer.body) : Buffer.alloc(0);
  return { status: answer.status, body };
}

export class Journal {
  readonly #recorded: Recorded[] = [];
  readonly #capacity: number;
  #seq = 0;

  constructor(capacity = 1000) {
    this.#capacity = capacity;
  }

  /** The entries, oldest first, redacted. */
  entries(): JournalEntry[] {
    return this.#recorded.map(entryOf);
  }

  clear(): void {
    this.#recorded.length = 0;
  }

  /** Records a finished request (cheaply: the gateway's throughput should not pay for the journal). */
  add(ctx: RequestContext, status: number): void {
    this.#seq += 1;
    this.#recorded.push({
      seq: this.#seq,
      ctx: snapshot(ctx),
      status,
      finished: Date.now(),
      answer: answerOf(ctx),
    });
    if (this.#recorded.length > this.#capacity) this.#recorded.shift();
  }
}

/** Paths of the mock's admin route, which the journal leaves out. */
export const adminPrefix = '/__mock/';

/** The hook that records every request, with Prism's answer for its validation details. */
export function journalHooks(journal: Journal): GatewayHooks {
  return {
    onResponse(ctx, status) {
      if (!ctx.path.startsWith(adminPrefix)) journal.add(ctx, status);
    },
  };
}

function entryOf({ seq, ctx, status, finished, answer }: Recorded): JournalEntry {
  return {
    id: String(seq),
    requestId: ctx.requestId,
    time: new Date(ctx.started).toISOString(),
    method: ctx.req.method ?? '',
    url: redactUrl(ctx.req.url ?? '/'),
    operationId: ctx.match?.operation.operationId,
    environment: ctx.env,
    headers: redactHeaders(ctx.req.headers),
    ...(ctx.body?.length ? { body: redactText(ctx.body.toString('utf8')) } : {}),
    validation:
      answer && !ctx.answeredByHook ? validationOf(answer.status, answer.body) : { result: 'not-checked' },
    status: ctx.dropped ? 0 : status,
    durationMs: finished - ctx.started,
  };
}

/** What the answer says about validation; an answer the mock gave itself (fault, replay) checked nothing. */
function validationOf(status: number, body: Buffer): JournalEntry['validation'] {
  if (status === 0) return { result: 'not-checked' };
  if (status < 400) return { result: 'passed' };
  const envelope = parseJson(body) as { code?: unknown; details?: unknown } | undefined;
  if (status === 400 && envelope?.code === 'VALIDATION_ERROR') {
    const details = Array.isArray(envelope.details) ? envelope.details : [];
    return { result: 'failed', details: redactValue(details) as unknown[] };
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

const secretHeaders = new Set(['authorization', 'cookie', 'proxy-authorization', 'x-api-key']);

function redactHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    out[name] = secretHeaders.has(name) ? redactSecret(text) : redactText(text);
  }
  return out;
}

/** `Bearer eyJ…` → `Bearer [redacted]`: the scheme stays, for debugging. */
function redactSecret(value: string): string {
  const scheme = /^(\w+)\s/.exec(value)?.[1];
  return scheme ? `${scheme} [redacted]` : '[redacted]';
}

/** The URL decoded (a query's `+` is a space), then redacted: encoded data is found as well. */
function redactUrl(url: string): string {
  const query = url.indexOf('?');
  const readable = query === -1 ? url : url.slice(0, query) + url.slice(query).replaceAll('+', ' ');
  return redactText(decodeSafely(readable));
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// Personal data as it appears in requests of a Brazilian bank: formatted or bare digits.
const personalData: [RegExp, string][] = [
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]'],
  [/\b\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}\b/g, '[cnpj]'],
  [/\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b/g, '[cpf]'],
  [/(?:\+55\s?)?\(?\b\d{2}\)?\s?9?\d{4}-?\d{4}\b/g, '[phone]'],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[token]'],
];

/** `text` with CPF, CNPJ, phone numbers, e-mail addresses and JWTs replaced by placeholders. */
export function redactText(text: string): string {
  return personalData.reduce((out, [pattern, placeholder]) => out.replace(pattern, placeholder), text);
}

/** A JSON value with every string redacted. */
export function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map(redactValue);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v)]));
  return value;
}
