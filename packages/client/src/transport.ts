// openapi-fetch's `fetch`, implemented over undici's Dispatcher.request: no WHATWG Request/fetch layer
// per call (that layer, not TLS, is most of a request's cost), but a real Response for callers.
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { AttemptTimeout, type FailureContext, TransportError, toTransportError } from './errors.js';
import type { OperationInfo } from './operations.js';
import type { AttemptInfo, Hooks } from './options.js';
import { redact, redactHeaders } from './redact.js';
import { BufferedResponse } from './response.js';
import { backoffMs, type RetryPolicy, retryAfterMs, retryableStatus } from './retry.js';
import type { TokenCache } from './token.js';

/** What the client's method wrapper knows about a call and the URL alone does not say. */
export interface CallInfo {
  op: OperationInfo;
  /** Path template, e.g. `/ar/pix/v2/pix/{id}`. */
  path: string;
  /** The caller asked for `parseAs: 'stream'`: hand the body over unread. */
  stream: boolean;
}

let pendingCall: CallInfo | undefined;

/**
 * Runs `send` (an openapi-fetch method) with `call` attached to the request it builds. openapi-fetch
 * constructs its Request synchronously, before its first await, so a hand-off variable is enough and
 * the caller's init object is never copied.
 */
export function withCall<T>(call: CallInfo, send: () => T): T {
  pendingCall = call;
  try {
    return send();
  } finally {
    pendingCall = undefined;
  }
}

/** Stand-in for the WHATWG Request openapi-fetch builds per call: keeps the fields, skips the cost. */
export class LiteRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: unknown;
  readonly signal: AbortSignal | undefined;
  readonly call: CallInfo | undefined;
  constructor(
    url: string,
    init: { method: string; headers: Headers; body?: unknown; signal?: AbortSignal | null },
  ) {
    this.url = url;
    this.method = init.method;
    this.headers = init.headers;
    this.body = init.body;
    this.signal = init.signal ?? undefined;
    this.call = pendingCall;
  }
}

export interface TransportConfig {
  baseUrl: string;
  dispatcher: Dispatcher;
  tokens: TokenCache;
  accountId: string | undefined;
  environment: string | undefined;
  timeoutMs: number;
  retry: RetryPolicy;
  hooks: Hooks | undefined;
  /** Asks the server whether it refuses our certificate (see refusesHandshake). */
  probeRefusal: () => Promise<boolean>;
  certificate: FailureContext['certificate'];
}

const NULL_BODY = new Set([101, 103, 204, 205, 304]);

type Body = NonNullable<Dispatcher.RequestOptions['body']>;
const toNode = (stream: ReadableStream) => Readable.fromWeb(stream as NodeReadableStream);

/** The body of one attempt and its content type (FormData brings its boundary). */
function encodeBody(body: unknown): { payload: Body | null; contentType?: string | null } {
  if (body === undefined || body === null) return { payload: null };
  if (body instanceof FormData) {
    // npm undici cannot encode Node's global FormData (another realm); Node's own Response can.
    const encoded = new Response(body);
    return {
      payload: toNode(encoded.body as ReadableStream),
      contentType: encoded.headers.get('content-type'),
    };
  }
  if (body instanceof ReadableStream) return { payload: toNode(body) };
  return { payload: body as Body }; // string, bytes, Blob, Node stream or (async) iterable
}

/** Bodies that can be sent again on a retry (streams cannot). */
const replayable = (body: unknown) =>
  body === undefined ||
  body === null ||
  typeof body === 'string' ||
  body instanceof Uint8Array ||
  body instanceof Blob ||
  body instanceof FormData;

function responseInit(res: Dispatcher.ResponseData): ResponseInit {
  let headers: HeadersInit = res.headers as Record<string, string>;
  for (const value of Object.values(res.headers)) {
    if (Array.isArray(value)) {
      headers = Object.entries(res.headers).flatMap(([k, v]) =>
        Array.isArray(v)
          ? v.map((item): [string, string] => [k, item])
          : [[k, String(v)] as [string, string]],
      );
      break;
    }
  }
  return { status: res.statusCode, headers };
}

/** Per-attempt abort signal for undici: an EventEmitter is all it needs, and far cheaper than AbortController. */
class AttemptSignal extends EventEmitter {
  aborted = false;
  reason: unknown;
  readonly #timer: NodeJS.Timeout;
  readonly #outer: AbortSignal | undefined;
  readonly #onOuterAbort = () => this.abort(this.#outer?.reason);

  constructor(timeoutMs: number, outer: AbortSignal | undefined) {
    super();
    this.#timer = setTimeout(
      () => this.abort(new AttemptTimeout(`timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    this.#outer = outer;
    if (outer?.aborted) this.abort(outer.reason);
    else outer?.addEventListener('abort', this.#onOuterAbort, { once: true });
  }

  abort(reason: unknown) {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }

  done() {
    clearTimeout(this.#timer);
    this.#outer?.removeEventListener('abort', this.#onOuterAbort);
  }
}

export function createTransport(config: TransportConfig) {
  const origin = new URL(config.baseUrl).origin;
  const { dispatcher, tokens, retry, hooks } = config;
  let closed = false;
  let answered = false; // the server has accepted our certificate at least once

  function attemptInfo(
    req: LiteRequest,
    call: CallInfo,
    headers: Record<string, string>,
    attempt: number,
  ): AttemptInfo {
    return {
      operationId: call.op.operationId,
      method: req.method,
      path: call.path,
      url: redact(req.url),
      attempt,
      environment: config.environment,
      headers: redactHeaders(headers),
    };
  }

  async function fetch(input: Request): Promise<Response> {
    const req = input as unknown as LiteRequest;
    const call = req.call;
    if (!call) throw new TypeError('banking client: requests must go through the client methods');
    if (closed) throw new TypeError('banking client: this client was closed with close(); create a new one');

    const headers: Record<string, string> = {};
    req.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (call.op.accountScoped && !headers['x-account-id']) {
      if (!config.accountId)
        throw new TypeError(
          `${call.op.operationId} (${req.method} ${call.path}) is account-scoped: pass \`params: { header: { 'x-account-id': ... } }\` or set \`accountId\` in createBankingClient`,
        );
      headers['x-account-id'] = config.accountId;
    }
    const canReplay = replayable(req.body);
    const safe = canReplay && (req.method === 'GET' || req.method === 'HEAD' || call.op.idempotent);
    const path = req.url.slice(origin.length);

    let attempt = 0;
    let retries = 0;
    let refreshed = false;
    for (;;) {
      attempt++;
      const token = tokens.peek() ?? (await tokens.get());
      headers.authorization = `Bearer ${token}`;
      const { payload, contentType } = encodeBody(req.body);
      if (contentType) headers['content-type'] = contentType;
      const info = hooks && attemptInfo(req, call, headers, attempt);
      const started = info ? performance.now() : 0;
      const end = (status: number | undefined, willRetry: boolean, error?: Error) => {
        if (info)
          hooks?.onAttemptEnd?.({
            ...info,
            status,
            durationMs: performance.now() - started,
            willRetry,
            ...(error && { error }),
          });
      };
      if (info) hooks?.onAttemptStart?.(info);
      const signal = new AttemptSignal(config.timeoutMs, req.signal);
      try {
        const method = req.method as Dispatcher.HttpMethod;
        const res = await dispatcher.request({ origin, path, method, headers, body: payload, signal });
        const status = res.statusCode;
        answered = true;
        if (status === 401 && !refreshed && canReplay && tokens.refreshable) {
          refreshed = true; // a new token gets one more try, outside the retry budget
          tokens.invalidate(token);
          await res.body.dump();
          signal.done();
          end(status, true);
          continue;
        }
        if (safe && retries < retry.retries && retryableStatus(status)) {
          const wait = backoffMs(retry, retries + 1, retryAfterMs(res.headers['retry-after']));
          if (wait !== undefined) {
            retries++;
            await res.body.dump();
            signal.done();
            end(status, true);
            await sleep(wait, undefined, req.signal && { signal: req.signal });
            continue;
          }
        }
        if (call.stream && !NULL_BODY.has(status)) {
          signal.done(); // the caller reads the stream at its own pace
          end(status, false);
          const response = new Response(Readable.toWeb(res.body) as ReadableStream, responseInit(res));
          Object.defineProperty(response, 'url', { value: req.url });
          return response;
        }
        const bytes = NULL_BODY.has(status)
          ? await res.body.dump().then(() => null)
          : new Uint8Array(await res.body.arrayBuffer());
        signal.done();
        end(status, false);
        return new BufferedResponse(bytes, status, res.headers, req.url);
      } catch (error) {
        signal.done();
        if (req.signal?.aborted) throw req.signal.reason; // the caller's own abort is not a transport failure
        if (error instanceof TransportError) throw error;
        const context = {
          method: req.method,
          url: redact(req.url),
          environment: config.environment,
          timeoutMs: config.timeoutMs,
          certificate: config.certificate,
          handshakeRejected: false,
          attempts: attempt,
        };
        let failure = toTransportError(error, context);
        // "Closed" before any answer ever arrived may be a refused certificate (TLS 1.3): ask the server.
        if (failure.kind === 'connection-reset' && !answered && (await config.probeRefusal()))
          failure = toTransportError(error, { ...context, handshakeRejected: true });
        const again =
          safe && retries < retry.retries && failure.kind !== 'tls-handshake' && failure.kind !== 'dns';
        end(undefined, again, failure);
        if (!again) throw failure;
        retries++;
        await sleep(backoffMs(retry, retries) ?? 0, undefined, req.signal && { signal: req.signal });
      }
    }
  }

  return {
    fetch,
    async close() {
      closed = true;
      await dispatcher.close();
    },
  };
}
