// Sends one call over undici's Dispatcher.request with the client's policy: Bearer token (refresh on
// 401), default x-account-id, per-attempt timeout, retries of safe requests, hooks, typed transport errors.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import type { Outgoing } from './core.js';
import { type FailureContext, TransportError, toTransportError } from './errors.js';
import type { AttemptInfo, Hooks } from './options.js';
import { redact, redactHeaders } from './redact.js';
import { BufferedResponse } from './response.js';
import { backoffMs, type RetryPolicy, retryAfterMs, retryableStatus } from './retry.js';
import type { TokenCache } from './token.js';

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

const noHook = () => undefined;

export function createTransport(config: TransportConfig) {
  const origin = new URL(config.baseUrl).origin;
  const { dispatcher, tokens, retry, hooks } = config;
  let closed = false;
  let answered = false; // the server has accepted our certificate at least once

  function attemptInfo(req: Outgoing, attempt: number): AttemptInfo {
    return {
      operationId: req.op.operationId,
      method: req.method,
      path: req.path,
      url: redact(req.url),
      attempt,
      environment: config.environment,
      headers: redactHeaders(req.headers),
    };
  }

  async function send(req: Outgoing): Promise<Response> {
    if (closed) throw new TypeError('banking client: this client was closed with close(); create a new one');

    const { headers } = req;
    if (req.op.accountScoped && !headers['x-account-id']) {
      if (!config.accountId)
        throw new TypeError(
          `${req.op.operationId} (${req.method} ${req.path}) is account-scoped: pass \`params: { header: { 'x-account-id': ... } }\` or set \`accountId\` in createBankingClient`,
        );
      headers['x-account-id'] = config.accountId;
    }
    const canReplay = replayable(req.body);
    const safe = canReplay && (req.method === 'GET' || req.method === 'HEAD' || req.op.idempotent);
    const path = req.url.slice(origin.length);

    let attempt = 0;
    let retries = 0;
    let refreshed = false;
    for (;;) {
      attempt++;
      const token = tokens.peek() ?? (await tokens.get());
      headers.authorization = `Bearer ${token}`;
      const { payload, contentType } =
        typeof req.body === 'string' ? { payload: req.body, contentType: null } : encodeBody(req.body);
      if (contentType) headers['content-type'] = contentType;
      const info = hooks && attemptInfo(req, attempt);
      const started = info ? performance.now() : 0;
      const end = info
        ? (status: number | undefined, willRetry: boolean, error?: Error) =>
            hooks?.onAttemptEnd?.({
              ...info,
              status,
              durationMs: performance.now() - started,
              willRetry,
              ...(error && { error }),
            })
        : noHook;
      if (info) hooks?.onAttemptStart?.(info);
      try {
        const method = req.method as Dispatcher.HttpMethod;
        // undici's own per-request timers (fresh for every attempt): no extra timer or signal per call.
        const res = await dispatcher.request({
          origin,
          path,
          method,
          headers,
          body: payload,
          signal: req.signal,
          headersTimeout: config.timeoutMs,
          bodyTimeout: config.timeoutMs,
        });
        const status = res.statusCode;
        answered = true;
        if (status === 401 && !refreshed && canReplay && tokens.refreshable) {
          refreshed = true; // a new token gets one more try, outside the retry budget
          tokens.invalidate(token);
          await res.body.dump();
          end(status, true);
          continue;
        }
        if (safe && retries < retry.retries && retryableStatus(status)) {
          const wait = backoffMs(retry, retries + 1, retryAfterMs(res.headers['retry-after']));
          if (wait !== undefined) {
            retries++;
            await res.body.dump();
            end(status, true);
            await sleep(wait, undefined, req.signal && { signal: req.signal });
            continue;
          }
        }
        if (req.stream && !NULL_BODY.has(status)) {
          end(status, false);
          const response = new Response(Readable.toWeb(res.body) as ReadableStream, responseInit(res));
          Object.defineProperty(response, 'url', { value: req.url });
          return response;
        }
        const bytes = NULL_BODY.has(status)
          ? await res.body.dump().then(() => null)
          : new Uint8Array(await res.body.arrayBuffer());
        end(status, false);
        return new BufferedResponse(bytes, status, res.headers, req.url);
      } catch (error) {
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
    send,
    async close() {
      closed = true;
      await dispatcher.close();
    },
  };
}
