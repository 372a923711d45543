// openapi-fetch's `fetch`, implemented over undici's Dispatcher.request: no WHATWG Request/fetch layer
// per call (that layer, not TLS, is most of a request's cost), but the same Response for callers.
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { AttemptTimeout, type FailureContext, TransportError, toTransportError } from './errors.js';
import type { OperationInfo } from './operations.js';
import type { AttemptEndInfo, AttemptInfo, Hooks } from './options.js';
import { redact, redactHeaders } from './redact.js';
import { backoffMs, type RetryPolicy, retryAfterMs, retryableStatus } from './retry.js';
import type { TokenCache } from './token.js';

/** Per-call facts the client wrapper hands to the transport through openapi-fetch's init. */
export const CALL = Symbol('bankingCall');
export interface CallInfo extends OperationInfo {
  path: string;
  /** The caller asked for `parseAs: 'stream'`: hand the body over unread. */
  stream: boolean;
}

/** Stand-in for the WHATWG Request openapi-fetch builds per call: keeps the fields, skips the cost. */
export class LiteRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: unknown;
  readonly signal: AbortSignal | undefined;
  readonly [CALL]: CallInfo | undefined;
  constructor(
    url: string,
    init: {
      method: string;
      headers: Headers;
      body?: unknown;
      signal?: AbortSignal | null;
      [CALL]?: CallInfo;
    },
  ) {
    this.url = url;
    this.method = init.method;
    this.headers = init.headers;
    this.body = init.body;
    this.signal = init.signal ?? undefined;
    this[CALL] = init[CALL];
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

/** The request body for one attempt, and whether it can be sent again. */
function prepareBody(body: unknown): {
  next: () => { body?: Body; contentType?: string };
  replayable: boolean;
} {
  if (body === undefined || body === null) return { next: () => ({}), replayable: true };
  if (typeof body === 'string' || body instanceof Uint8Array || body instanceof Blob)
    return { next: () => ({ body: body as Body }), replayable: true };
  if (body instanceof FormData) {
    // npm undici cannot encode Node's global FormData (another realm); Node's own Response can.
    return {
      next: () => {
        const encoded = new Response(body);
        return {
          body: Readable.fromWeb(encoded.body as import('node:stream/web').ReadableStream),
          contentType: encoded.headers.get('content-type') ?? undefined,
        };
      },
      replayable: true,
    };
  }
  if (body instanceof ReadableStream) {
    const stream = Readable.fromWeb(body as import('node:stream/web').ReadableStream);
    return { next: () => ({ body: stream }), replayable: false };
  }
  return { next: () => ({ body: body as Body }), replayable: false }; // Node stream or (async) iterable
}

function toResponse(res: Dispatcher.ResponseData, url: string, body: BodyInit | null): Response {
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
  const response = new Response(NULL_BODY.has(res.statusCode) ? null : body, {
    status: res.statusCode,
    headers,
  });
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

/** A fresh timer per attempt, linked to the caller's signal. */
function attemptSignal(timeoutMs: number, outer: AbortSignal | undefined) {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new AttemptTimeout(`timed out after ${timeoutMs} ms`)),
    timeoutMs,
  );
  const onAbort = () => controller.abort(outer?.reason);
  if (outer) {
    if (outer.aborted) controller.abort(outer.reason);
    else outer.addEventListener('abort', onAbort, { once: true });
  }
  return {
    signal: controller.signal,
    done() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

export function createTransport(config: TransportConfig) {
  const base = new URL(config.baseUrl);
  const origin = base.origin;
  const { dispatcher, tokens, retry, hooks } = config;
  let closed = false;
  let answered = false; // the server has accepted our certificate at least once

  async function fetch(input: Request): Promise<Response> {
    const req = input as unknown as LiteRequest;
    const call = req[CALL];
    if (!call) throw new TypeError('banking client: requests must go through the client methods');
    if (closed) throw new TypeError('banking client: this client was closed with close(); create a new one');

    const headers: Record<string, string> = {};
    req.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (call.accountScoped && !headers['x-account-id']) {
      if (!config.accountId)
        throw new TypeError(
          `${call.operationId} (${req.method} ${call.path}) is account-scoped: pass \`params: { header: { 'x-account-id': ... } }\` or set \`accountId\` in createBankingClient`,
        );
      headers['x-account-id'] = config.accountId;
    }
    const body = prepareBody(req.body);
    const safe = req.method === 'GET' || req.method === 'HEAD' || call.idempotent;
    const path = req.url.slice(origin.length);

    let attempt = 0;
    let retries = 0;
    let refreshed = false;
    for (;;) {
      attempt++;
      const token = await tokens.get();
      headers.authorization = `Bearer ${token}`;
      const { body: payload, contentType } = body.next();
      if (contentType) headers['content-type'] = contentType;
      const info = hooks && attemptInfo(req, call, headers, attempt);
      if (info) hooks.onAttemptStart?.(info);
      const started = performance.now();
      const end = (status: number | undefined, willRetry: boolean, error?: Error) =>
        info &&
        hooks.onAttemptEnd?.({
          ...info,
          status,
          durationMs: performance.now() - started,
          willRetry,
          ...(error && { error }),
        } satisfies AttemptEndInfo);
      const timer = attemptSignal(config.timeoutMs, req.signal);
      try {
        const res = await dispatcher.request({
          origin,
          path,
          method: req.method as Dispatcher.HttpMethod,
          headers,
          body: payload ?? null,
          signal: timer.signal,
        });
        const status = res.statusCode;
        answered = true;
        if (status === 401 && tokens.refreshable && !refreshed && body.replayable) {
          refreshed = true; // a new token gets one more try, outside the retry budget
          tokens.invalidate(token);
          await res.body.dump();
          timer.done();
          end(status, true);
          continue;
        }
        if (safe && body.replayable && retries < retry.retries && retryableStatus(status)) {
          const wait = backoffMs(retry, retries + 1, retryAfterMs(res.headers['retry-after']));
          if (wait !== undefined) {
            retries++;
            await res.body.dump();
            timer.done();
            end(status, true);
            await sleep(wait, undefined, req.signal ? { signal: req.signal } : undefined);
            continue;
          }
        }
        if (call.stream) {
          timer.done();
          end(status, false);
          return toResponse(res, req.url, Readable.toWeb(res.body) as ReadableStream);
        }
        const bytes = await res.body.arrayBuffer();
        timer.done();
        end(status, false);
        return toResponse(res, req.url, bytes);
      } catch (error) {
        timer.done();
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
          safe &&
          body.replayable &&
          retries < retry.retries &&
          failure.kind !== 'tls-handshake' &&
          failure.kind !== 'dns';
        end(undefined, again, failure);
        if (!again) throw failure;
        retries++;
        await sleep(
          backoffMs(retry, retries) ?? 0,
          undefined,
          req.signal ? { signal: req.signal } : undefined,
        );
      }
    }
  }

  function attemptInfo(
    req: LiteRequest,
    call: CallInfo,
    headers: Record<string, string>,
    attempt: number,
  ): AttemptInfo {
    return {
      operationId: call.operationId,
      method: req.method,
      path: call.path,
      url: redact(req.url),
      attempt,
      environment: config.environment,
      headers: redactHeaders(headers),
    };
  }

  return {
    fetch,
    async close() {
      closed = true;
      await dispatcher.close();
    },
  };
}
