// The typed methods' runtime. URL, path, query and body serialisation are openapi-fetch's own functions
// and the result follows its { data, error, response } rules; left out is its per-call WHATWG
// Request/Headers/fetch plumbing, which bench/client.ts measured as most of a request's cost.

import {
  createFinalURL,
  createQuerySerializer,
  defaultBodySerializer,
  defaultPathSerializer,
  type Middleware,
  type MiddlewareRequestParams,
  type ParseAs,
  type PathSerializer,
  type QuerySerializerOptions,
} from 'openapi-fetch';
import type { OperationPolicy } from './contract.js';
import { dotSegmentParameter } from './dot-segments.js';
import { InvalidResponseError, PathParameterError } from './errors.js';
import { redact } from './redact.js';
import { requestId } from './request-id.js';
import { BufferedResponse } from './response.js';

type CallParams = {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  header?: Record<string, unknown>;
};

/** The parts of openapi-fetch's per-call options that apply here. */
export interface CallInit {
  params?: CallParams;
  body?: unknown;
  headers?: HeadersInit | Record<string, unknown>;
  parseAs?: ParseAs;
  querySerializer?: ((query: Record<string, unknown>) => string) | QuerySerializerOptions;
  bodySerializer?: (body: unknown, headers?: Record<string, string>) => unknown;
  pathSerializer?: PathSerializer;
  baseUrl?: string;
  signal?: AbortSignal | null;
  /** This call's own middleware, after the client's. */
  middleware?: Middleware[];
}

/** A URL split as undici takes it: origin, and the request target (path and query). */
export interface SplitUrl {
  origin: string;
  target: string;
}

/** Splits an absolute URL into origin and request target (the origin keeps the URL's own spelling). */
export function splitUrl(url: string): SplitUrl {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  return slash === -1
    ? { origin: url, target: '/' }
    : { origin: url.slice(0, slash), target: url.slice(slash) };
}

/** One request as the transport sends it. */
export interface Outgoing {
  method: string;
  /** `origin` + `target`. */
  url: string;
  origin: string;
  /** Path and query, as sent in the request line. */
  target: string;
  /** Path template, e.g. `/ar/pix/v2/pix/{id}`. */
  path: string;
  op: OperationPolicy;
  /** Lower-cased names; the transport adds Authorization and x-account-id. */
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal | undefined;
  /** How the answer's body is read (openapi-fetch's `parseAs`). */
  parseAs: ParseAs;
  /** The caller asked for `parseAs: 'stream'`: hand the body over unread. */
  stream: boolean;
  /** Sent as `x-request-id` (the caller's own when given), named by every error and hook record. */
  requestId: string;
  /** Attempts made so far (the transport counts them). */
  attempts: number;
  /** The call's parameters as given (for middleware). */
  params: MiddlewareRequestParams;
  /** This call's own middleware. */
  middleware: readonly Middleware[] | undefined;
}

/** Sends a request and reads its answer (the transport: every layer within the call's deadline). */
export type Send = (request: Outgoing) => Promise<Result>;

export type Result = { data?: unknown; error?: unknown; response: Response };

const defaultQuery = createQuerySerializer();
const PATH_PARAM = /\{([^{}]+)\}/g;
const templateParams = new Map<string, string[]>();

/** openapi-fetch leaves a missing path parameter as a literal `{name}` in the URL: refuse instead. */
function checkPathParams(method: string, path: string, params: Record<string, unknown> | undefined): void {
  let names = templateParams.get(path);
  if (!names) {
    names = [...path.matchAll(PATH_PARAM)].map((m) => m[1] as string);
    templateParams.set(path, names);
  }
  for (const name of names) {
    const value = params?.[name];
    if (value === undefined || value === null || value === '')
      throw new TypeError(
        `${method} ${path}: path parameter "${name}" is missing (pass params: { path: { ${name} } })`,
      );
  }
}

/**
 * Path and query as sent: openapi-fetch's createFinalURL over the base path (the origin is fixed), or, with
 * no parameter to put in and the default serializers, the base path and the path as they are (what
 * createFinalURL gives then).
 */
function requestTarget(base: SplitUrl, path: string, params: CallParams, init: CallInit): string {
  const { querySerializer, pathSerializer } = init;
  if (params.path === undefined && params.query === undefined && !querySerializer && !pathSerializer)
    return base.target + path;
  return createFinalURL(path, {
    baseUrl: base.target,
    params,
    querySerializer:
      querySerializer === undefined
        ? defaultQuery
        : typeof querySerializer === 'function'
          ? querySerializer
          : createQuerySerializer(querySerializer),
    pathSerializer: pathSerializer ?? defaultPathSerializer,
  });
}

/** openapi-fetch's header merge (null removes, arrays repeat) into a plain lower-cased record. */
function mergeInto(target: Record<string, string>, source: unknown): void {
  if (!source || typeof source !== 'object') return;
  const entries: Iterable<[string, unknown]> =
    source instanceof Headers ? source.entries() : Array.isArray(source) ? source : Object.entries(source);
  for (const [name, value] of entries) {
    const key = name.toLowerCase();
    if (value === null) delete target[key];
    else if (Array.isArray(value)) target[key] = value.map(String).join(', ');
    else if (value !== undefined) target[key] = String(value);
  }
}

/** One call: the request built from the call's options (a usage error rejects), then sent and read. */
export function call(
  send: Send,
  base: SplitUrl,
  method: string,
  path: string,
  op: OperationPolicy,
  init: CallInit = {},
): Promise<Result> {
  let request: Outgoing;
  try {
    request = outgoing(base, method, path, op, init);
  } catch (error) {
    return Promise.reject(error); // as from an async function: a call never throws synchronously
  }
  return send(request);
}

/** The request of a call: URL, headers and body serialised as openapi-fetch does. */
function outgoing(
  base: SplitUrl,
  method: string,
  path: string,
  op: OperationPolicy,
  init: CallInit,
): Outgoing {
  if (init.baseUrl !== undefined)
    throw new TypeError('banking client: `baseUrl` is set per client, not per call');
  const params = init.params ?? {};
  checkPathParams(method, path, params.path);
  const target = requestTarget(base, path, params, init);
  const headers: Record<string, string> = {};
  mergeInto(headers, init.headers);
  mergeInto(headers, params.header);
  const serialize =
    init.bodySerializer ??
    (defaultBodySerializer as (body: unknown, headers?: Record<string, string>) => unknown);
  const body = init.body === undefined ? undefined : serialize(init.body, headers);
  // FormData brings its own content type (with the boundary); a string (JSON) never needs the instanceof.
  const formData = typeof body !== 'string' && body instanceof FormData;
  if (body !== undefined && !formData && headers['content-type'] === undefined)
    headers['content-type'] = 'application/json';
  const parseAs = init.parseAs ?? 'json';
  const request: Outgoing = {
    method,
    url: base.origin + target,
    origin: base.origin,
    target,
    path,
    op,
    headers,
    body,
    signal: init.signal ?? undefined,
    parseAs,
    stream: parseAs === 'stream',
    requestId: headers['x-request-id'] || requestId(),
    attempts: 0,
    params,
    middleware: init.middleware,
  };
  if (params.path !== undefined) refuseDotSegments(request, base);
  return request;
}

/** A path parameter a normalising server would read as `.` or `..` is refused (PathParameterError). */
function refuseDotSegments(request: Outgoing, base: SplitUrl): void {
  const query = request.target.indexOf('?');
  const sent = request.target.slice(base.target.length, query === -1 ? undefined : query);
  const parameter = dotSegmentParameter(request.path, sent);
  if (parameter === undefined) return;
  throw new PathParameterError(parameter, {
    operationId: request.op.operationId,
    operation: `${request.method} ${request.path}`,
    requestId: request.requestId,
    url: redact(request.url),
    attempts: 0,
  });
}

/**
 * A success body that does not parse as JSON: a typed error that quotes nothing of the body. The parser's
 * message is withheld (only its name is kept): V8 quotes the characters around the bad token, and personal
 * data cut there is past recognising by redaction.
 */
function invalidJson(request: Outgoing, response: Response, error: unknown): InvalidResponseError {
  const type = response.headers.get('content-type') ?? 'no content type';
  return new InvalidResponseError(
    `failed: the ${response.status} answer's body is not valid JSON (${type}; the parser's message is withheld, as it quotes the body)`,
    {
      operationId: request.op.operationId,
      operation: `${request.method} ${request.path}`,
      requestId: request.requestId,
      url: redact(request.url),
      attempts: request.attempts,
      status: response.status,
    },
    error,
  );
}

/** Parses a success body's text as JSON (empty is undefined), typed on failure. */
function parseJson(request: Outgoing, response: Response, raw: string): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw invalidJson(request, response, error);
  }
}

/** A response header; read straight from undici's object for a buffered response. */
const headerOf = (response: Response, name: string) =>
  response instanceof BufferedResponse
    ? BufferedResponse.headerOf(response, name)
    : response.headers.get(name);

/** openapi-fetch's reading rules: { data } for a success, { error } (the envelope, or text) otherwise. */
export function read(request: Outgoing, response: Response): Result | Promise<Result> {
  const { parseAs } = request;
  const contentLength = headerOf(response, 'content-length');
  if (
    response.status === 204 ||
    request.method === 'HEAD' ||
    (contentLength === '0' && !headerOf(response, 'transfer-encoding')?.includes('chunked'))
  )
    return response.ok ? { data: undefined, response } : { error: undefined, response };
  if (response.ok) {
    if (parseAs === 'stream') return { data: response.body, response };
    if (parseAs === 'json' && response instanceof BufferedResponse)
      return { data: parseJson(request, response, BufferedResponse.textOf(response)), response };
    if (parseAs === 'json')
      return response.text().then((raw) => ({ data: parseJson(request, response, raw), response }));
    return response[parseAs]().then((data: unknown) => ({ data, response }));
  }
  return response.text().then((text) => {
    try {
      return { error: JSON.parse(text), response };
    } catch {
      return { error: text, response }; // not JSON: keep the text
    }
  });
}
