import { randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import { HTTP_METHODS, type HttpMethod, withoutTrailingSlashes } from '@banking-api/contract';
import {
  type Client,
  createQuerySerializer,
  defaultBodySerializer,
  defaultPathSerializer,
  type FetchResponse,
  type Middleware,
  type MiddlewareCallbackParams,
  type ParseAs,
} from 'openapi-fetch';
import type { paths } from './api.js';
import { cnabBody } from './cnab.js';
import { openConnection } from './connection.js';
import { operationLookup } from './contract.js';
import { type CallInit, call, splitUrl } from './core.js';
import type { BankingClientOptions, Cnab240Source } from './options.js';
import { secretHeaderSet } from './redact.js';
import { retryPolicy } from './retry.js';
import { resolveTls } from './tls.js';
import { TokenCache } from './token.js';
import { createTransport } from './transport.js';

/** `x-account-id` made optional on every operation: the client's default fills it in. */
type AccountOptional<Op> = Op extends { parameters: { header: { 'x-account-id': string } } }
  ? Omit<Op, 'parameters'> & {
      parameters: Omit<Op['parameters'], 'header'> & {
        header?: Omit<Op['parameters']['header'], 'x-account-id'> & { 'x-account-id'?: string | undefined };
      };
    }
  : Op;
export type WithDefaultAccount<P> = {
  [Path in keyof P]: { [M in keyof P[Path]]: AccountOptional<P[Path][M]> };
};

type Methods = HttpMethod;
type MediaType = `${string}/${string}`;
/** Undefined fields count as absent, so a consumer may pass `process.env.X` as it is. */
type UploadOptions = { filename?: string | undefined; signal?: AbortSignal | undefined };
type UploadResult = Promise<FetchResponse<paths['/hb/cnab/240/files']['post'], object, MediaType>>;

export type BankingClient<P extends {} = paths> = Pick<Client<P>, Methods | 'use' | 'eject'> & {
  /** POST /hb/cnab/240/files with the file from a path, Buffer, stream or Blob (streams are not buffered). */
  uploadCnab240(file: Cnab240Source, options?: UploadOptions): UploadResult;
  /** A fresh idempotency id for the idempotent-by-URL PUT operations (reuse it when repeating a call). */
  newIdempotencyId(): string;
  /** Closes the keep-alive connections once the calls in flight have ended (each within its deadline); later calls fail. */
  close(): Promise<void>;
};

function checkBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string' || !baseUrl)
    throw new TypeError(
      'createBankingClient: `baseUrl` is required, e.g. "https://api.sandbox.example.com" (the contract names no hosts)',
    );
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`createBankingClient: \`baseUrl\` is not a URL: ${baseUrl}`);
  }
  if (url.protocol !== 'https:')
    throw new TypeError(`createBankingClient: \`baseUrl\` must use https (mutual TLS), got ${url.protocol}`);
  if (url.search || url.hash)
    throw new TypeError('createBankingClient: `baseUrl` must not have a query or fragment');
  return withoutTrailingSlashes(baseUrl);
}

/** The numbers and labels of the options, checked. */
function checkOptions(options: BankingClientOptions) {
  const { environment, accountId } = options;
  if (environment !== undefined && environment !== 'sandbox' && environment !== 'production')
    throw new TypeError(
      `createBankingClient: \`environment\` must be "sandbox" or "production", got ${String(environment)}`,
    );
  if (accountId !== undefined && (typeof accountId !== 'string' || !accountId))
    throw new TypeError('createBankingClient: `accountId` must be a non-empty string');
  const timeoutMs = options.timeoutMs ?? 30_000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw new TypeError('createBankingClient: `timeoutMs` must be a number > 0');
  const maxResponseBytes = options.maxResponseBytes ?? 10 * 1024 * 1024;
  if (!Number.isSafeInteger(maxResponseBytes) || maxResponseBytes <= 0)
    throw new TypeError('createBankingClient: `maxResponseBytes` must be an integer > 0');
  if (options.dispatcher && (options.tls || options.connections !== undefined || options.proxy !== undefined))
    throw new TypeError(
      'createBankingClient: `dispatcher` carries its own TLS and connections: leave out `tls`, `connections` and `proxy`',
    );
  const tokenTimeoutMs = options.tokenTimeoutMs ?? Math.min(10_000, timeoutMs);
  return { environment, accountId, timeoutMs, maxResponseBytes, tokenTimeoutMs };
}

/** Checks `client.use`'s arguments as openapi-fetch does. */
function checkMiddleware(middleware: Middleware): void {
  if (
    typeof middleware !== 'object' ||
    !('onRequest' in middleware || 'onResponse' in middleware || 'onError' in middleware)
  )
    throw new TypeError('client.use: a middleware is an object with `onRequest`, `onResponse` or `onError`');
}

/** openapi-fetch's read-only `options` of a middleware callback. */
function mergedOptions(baseUrl: string): (parseAs: ParseAs) => MiddlewareCallbackParams['options'] {
  const base = {
    baseUrl,
    querySerializer: createQuerySerializer(),
    bodySerializer: defaultBodySerializer,
    pathSerializer: defaultPathSerializer,
    fetch: globalThis.fetch,
  };
  const byParse = new Map<ParseAs, MiddlewareCallbackParams['options']>();
  return (parseAs) => {
    let options = byParse.get(parseAs);
    if (!options) {
      options = Object.freeze({ ...base, parseAs });
      byParse.set(parseAs, options);
    }
    return options;
  };
}

/** `use` and `eject` over the client's list of middleware, which every call reads as it starts. */
function middlewareRegistry(registered: Middleware[]) {
  return {
    use(...middleware: Middleware[]): void {
      for (const m of middleware) {
        if (!m) continue;
        checkMiddleware(m);
        registered.push(m);
      }
    },
    eject(...middleware: Middleware[]): void {
      for (const m of middleware) {
        const at = registered.indexOf(m);
        if (at !== -1) registered.splice(at, 1);
      }
    },
  };
}

/** A typed client of the banking API over one keep-alive mTLS connection pool. */
export function createBankingClient(
  options: BankingClientOptions & { accountId: string },
): BankingClient<WithDefaultAccount<paths>>;
export function createBankingClient(options: BankingClientOptions): BankingClient<paths>;
export function createBankingClient(options: BankingClientOptions): BankingClient<paths> {
  const baseUrl = checkBaseUrl(options?.baseUrl);
  const { environment, accountId, timeoutMs, maxResponseBytes, tokenTimeoutMs } = checkOptions(options);
  const tokens = new TokenCache(options.token, tokenTimeoutMs);
  const tls = resolveTls(options.tls);
  const { connections, proxy, dispatcher } = options;
  const connection = openConnection({ baseUrl, tls, timeoutMs, connections, proxy, dispatcher });
  const registered: Middleware[] = [];
  const transport = createTransport({
    dispatcher: connection.dispatcher,
    ownsDispatcher: connection.owns,
    probeRefusal: connection.probeRefusal,
    proxy: connection.proxy,
    tokens,
    accountId,
    environment,
    timeoutMs,
    maxResponseBytes,
    retry: retryPolicy(options.retry),
    hooks: options.hooks,
    secretHeaders: secretHeaderSet(options.secretHeaders),
    certificate: tls.certificate,
    registered,
    options: mergedOptions(baseUrl),
  });
  const operation = operationLookup();
  const { origin, target } = splitUrl(`${baseUrl}/`); // baseUrl has no trailing slash
  const base = { origin, target: target.slice(0, -1) }; // the base path, '' when there is none
  const forward = (method: Methods) => (path: string, init?: CallInit) =>
    call(transport.send, base, method, path, operation(method, path), init);

  const client = {
    ...(Object.fromEntries(HTTP_METHODS.map((method) => [method, forward(method)])) as Record<
      Methods,
      ReturnType<typeof forward>
    >),
    ...middlewareRegistry(registered),
    async uploadCnab240(file: Cnab240Source, opts: UploadOptions = {}) {
      const { body, contentType } = await cnabBody(file, opts.filename);
      return client.POST('/hb/cnab/240/files', {
        body: {} as never,
        bodySerializer: () => body,
        ...(contentType && { headers: { 'content-type': contentType } }),
        ...(opts.signal && { signal: opts.signal }),
      });
    },
    newIdempotencyId: () => randomUUID(),
    close: () => transport.close(),
    [inspect.custom]: () =>
      `BankingClient { baseUrl: '${baseUrl}', environment: ${environment ? `'${environment}'` : 'undefined'} }`,
  };
  return client as unknown as BankingClient<paths>;
}
