// Your middleware (`client.use`, or `middleware` on one call), in openapi-fetch's shape and order:
// `onRequest` in the order registered, then (unless one answered) the inner layers send the request,
// then `onError` (network failures only, reverse order) and `onResponse` (reverse order). It runs once
// per call, inside the deadline and after the account header, outside the retries and the token: it
// never sees `Authorization`. Every callback is waited for only until the deadline; a Response a
// middleware supplies is read within the deadline and the size limit like any answer.
import type { Middleware, MiddlewareCallbackParams, ParseAs } from 'openapi-fetch';
import { type Call, contextOf, discard, retarget, within } from './call.js';
import { ResponseTooLargeError } from './errors.js';
import type { Layer, Next } from './pipeline.js';
import { redact } from './redact.js';
import { BufferedResponse } from './response.js';

type Params = MiddlewareCallbackParams;

/** The middleware a call runs: the client's, then the call's own. */
export function middlewareOf(
  registered: readonly Middleware[],
  own: readonly Middleware[] | undefined,
): readonly Middleware[] {
  return own?.length ? [...registered, ...own] : registered.slice();
}

/** The request as a WHATWG Request (a JSON body included; other bodies are sent as the call gave them). */
function requestOf(call: Call): Request {
  const { req } = call;
  const body =
    typeof req.body === 'string' && req.method !== 'GET' && req.method !== 'HEAD' ? req.body : null;
  return new Request(req.url, { method: req.method, headers: req.headers, body });
}

/**
 * A URL a middleware set must stay on baseUrl's origin: the token, the client certificate and the proxy
 * decision are for that origin alone (the dispatcher would reach any other host). The URL is redacted.
 */
function checkOrigin(url: string, origin: string): void {
  if (!url.startsWith('https://'))
    throw new TypeError(`onRequest: the request must stay on https (mutual TLS), got ${redact(url)}`);
  if (new URL(url).origin !== origin)
    throw new TypeError(
      `onRequest: the request must stay on ${origin} (baseUrl's origin), got ${redact(url)}`,
    );
}

/** Takes URL, method, headers (and a JSON body) of the request the middleware left. */
async function adopt(call: Call, request: Request, original: Request, origin: string): Promise<void> {
  const { req } = call;
  if (request.url !== req.url) {
    checkOrigin(request.url, origin);
    req.url = request.url;
    retarget(call);
  }
  req.method = request.method;
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) headers[name] = value;
  headers['x-request-id'] ??= req.requestId; // the call's id is kept, whatever a middleware dropped
  req.headers = headers;
  if (request !== original && typeof req.body === 'string' && request.body !== null)
    req.body = await within(call, request.text());
}

/** The body of a Response a middleware supplied, read within the deadline and the size limit. */
async function readBounded(call: Call, response: Response, maxBytes: number): Promise<Buffer | null> {
  if (response.body === null) return null;
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const chunk = await within(call, reader.read());
      if (chunk.done) return Buffer.concat(chunks, size);
      size += chunk.value.byteLength;
      if (size > maxBytes) throw new ResponseTooLargeError(maxBytes, contextOf(call, response.status));
      chunks.push(chunk.value);
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** A Response a middleware supplied, read into memory like any answer. */
async function bounded(call: Call, response: Response, maxBytes: number): Promise<Response> {
  if (response instanceof BufferedResponse) return response;
  const bytes = await readBounded(call, response, maxBytes);
  const headers: Record<string, string[]> = {};
  for (const [name, value] of response.headers) {
    headers[name] ??= [];
    headers[name].push(value);
  }
  return new BufferedResponse(bytes, response.status, headers, response.url || call.req.url);
}

/** What a callback returned, checked as openapi-fetch checks it. */
function expect<T>(
  what: string,
  result: unknown,
  ...types: (abstract new (
    ...a: never[]
  ) => T)[]
): T | undefined {
  if (result === undefined || result === null) return undefined;
  if (types.some((type) => result instanceof type)) return result as T;
  throw new TypeError(`${what}: must return ${types.map((t) => t.name).join(' or ')} or nothing`);
}

export interface MiddlewareConfig {
  /** The client's middleware (client.use / eject change it in place). */
  registered: readonly Middleware[];
  maxResponseBytes: number;
  options: (parseAs: ParseAs) => Params['options'];
}

export function userMiddleware(config: MiddlewareConfig): Layer {
  const origin = new URL(config.options('json').baseUrl).origin;
  return (call, next) => {
    const own = call.req.middleware;
    if (config.registered.length === 0 && !own?.length) return next(call); // the common case: nothing to copy
    return runMiddleware(call, next, middlewareOf(config.registered, own), config, origin);
  };
}

async function runMiddleware(
  call: Call,
  next: Next,
  list: readonly Middleware[],
  config: MiddlewareConfig,
  origin: string,
) {
  const original = requestOf(call);
  const { req } = call;
  const params: Params = {
    request: original,
    schemaPath: req.path,
    params: req.params,
    id: req.requestId,
    options: config.options(req.stream ? 'stream' : 'json'),
  };
  let response: Response | undefined;
  for (const m of list) {
    if (!m.onRequest) continue;
    const result = await within(call, Promise.resolve(m.onRequest(params)));
    const checked = expect<Request | Response>('onRequest', result, Request, Response);
    if (checked instanceof Response) {
      response = await bounded(call, checked, config.maxResponseBytes);
      return response; // openapi-fetch: an answer from onRequest skips the rest, onResponse included
    }
    if (checked) params.request = checked;
  }
  await adopt(call, params.request, original, origin);
  response = await sendOrRecover(call, next, list, params, config);
  return afterResponse(call, list, params, response, config);
}

/** `onResponse` in reverse order; an answer replaced (or left behind by a failure) frees its connection. */
async function afterResponse(
  call: Call,
  list: readonly Middleware[],
  params: Params,
  answer: Response,
  config: MiddlewareConfig,
): Promise<Response> {
  let response = answer;
  try {
    for (let i = list.length - 1; i >= 0; i--) {
      const onResponse = list[i]?.onResponse;
      if (!onResponse) continue;
      const result = await within(call, Promise.resolve(onResponse({ ...params, response })));
      const replaced = expect<Response>('onResponse', result, Response);
      if (!replaced || replaced === response) continue;
      const previous = response;
      // Read first: the replacement may be built on the previous body; then the previous one goes.
      response = await bounded(call, replaced, config.maxResponseBytes).finally(() =>
        discard(call, previous),
      );
    }
    return response;
  } catch (error) {
    discard(call, response);
    throw error;
  }
}

/** Sends through the inner layers; a failure goes through `onError` (reverse order), which may answer. */
async function sendOrRecover(
  call: Call,
  next: Next,
  list: readonly Middleware[],
  params: Params,
  config: MiddlewareConfig,
): Promise<Response> {
  try {
    return await next(call);
  } catch (failure) {
    let error: unknown = failure;
    for (let i = list.length - 1; i >= 0; i--) {
      const onError = list[i]?.onError;
      if (!onError) continue;
      if (call.stopped) {
        // Past the deadline: every onError still hears of it, but nothing more is waited for.
        Promise.resolve()
          .then(() => onError({ ...params, error }))
          .catch(() => undefined);
        continue;
      }
      const result = await within(call, Promise.resolve(onError({ ...params, error })));
      const checked = expect<Response | Error>('onError', result, Response, Error);
      if (checked instanceof Response) return bounded(call, checked, config.maxResponseBytes);
      if (checked) error = checked;
    }
    throw error;
  }
}
