import { randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import createClient, { type Client, type FetchResponse } from 'openapi-fetch';
import { Agent } from 'undici';
import type { paths } from './api.js';
import { cnabBody } from './cnab.js';
import { operations } from './operations.js';
import type { BankingClientOptions, Cnab240Source } from './options.js';
import { retryPolicy } from './retry.js';
import { connector, refusesHandshake, resolveTls } from './tls.js';
import { TokenCache } from './token.js';
import { createTransport, LiteRequest, withCall } from './transport.js';

/** `x-account-id` made optional on every operation: the client's default fills it in. */
type AccountOptional<Op> = Op extends { parameters: { header: { 'x-account-id': string } } }
  ? Omit<Op, 'parameters'> & {
      parameters: Omit<Op['parameters'], 'header'> & {
        header?: Omit<Op['parameters']['header'], 'x-account-id'> & { 'x-account-id'?: string };
      };
    }
  : Op;
export type WithDefaultAccount<P> = {
  [Path in keyof P]: { [M in keyof P[Path]]: AccountOptional<P[Path][M]> };
};

type Methods = 'GET' | 'PUT' | 'POST' | 'DELETE';
type MediaType = `${string}/${string}`;
type UploadResult = Promise<FetchResponse<paths['/hb/cnab/240/files']['post'], object, MediaType>>;

export type BankingClient<P extends {} = paths> = Pick<Client<P>, Methods> & {
  /** POST /hb/cnab/240/files with the file from a path, Buffer, stream or Blob (streams are not buffered). */
  uploadCnab240(file: Cnab240Source, options?: { filename?: string; signal?: AbortSignal }): UploadResult;
  /** A fresh idempotency id for the idempotent-by-URL PUT operations (reuse it when repeating a call). */
  newIdempotencyId(): string;
  /** Closes the client's keep-alive connections; later calls fail. */
  close(): Promise<void>;
};

const PATH_PARAM = /\{([^{}]+)\}/g;
const templateParams = new Map<string, string[]>();

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
  return baseUrl.replace(/\/+$/, '');
}

/** A typed client of the banking API over one keep-alive mTLS connection pool. */
export function createBankingClient(
  options: BankingClientOptions & { accountId: string },
): BankingClient<WithDefaultAccount<paths>>;
export function createBankingClient(options: BankingClientOptions): BankingClient<paths>;
export function createBankingClient(options: BankingClientOptions): BankingClient<paths> {
  const baseUrl = checkBaseUrl(options?.baseUrl);
  const { environment, accountId, hooks } = options;
  if (environment !== undefined && environment !== 'sandbox' && environment !== 'production')
    throw new TypeError(
      `createBankingClient: \`environment\` must be "sandbox" or "production", got ${String(environment)}`,
    );
  if (accountId !== undefined && (typeof accountId !== 'string' || !accountId))
    throw new TypeError('createBankingClient: `accountId` must be a non-empty string');
  const timeoutMs = options.timeoutMs ?? 30_000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw new TypeError('createBankingClient: `timeoutMs` must be a number > 0');
  const tokens = new TokenCache(options.token);
  const tls = resolveTls(options.tls);
  const connect = connector(tls);
  const dispatcher = new Agent({ connect, connections: options.connections ?? 10 });
  const transport = createTransport({
    baseUrl,
    dispatcher,
    tokens,
    accountId,
    environment,
    timeoutMs,
    retry: retryPolicy(options.retry),
    hooks,
    probeRefusal: () => refusesHandshake(connect, new URL(baseUrl)),
    certificate: tls.certificate,
  });
  const core = createClient<paths>({
    baseUrl,
    fetch: transport.fetch,
    Request: LiteRequest as unknown as typeof Request,
  });

  // One forwarder for all typed methods; the public type is BankingClient.
  type Init =
    | { params?: { path?: Record<string, unknown> }; parseAs?: string; [key: string]: unknown }
    | undefined;
  const forward = (method: Methods) => (path: string, init: Init) => {
    try {
      checkPathParams(method, path, init?.params?.path);
    } catch (error) {
      return Promise.reject(error);
    }
    const op = operations[`${method} ${path}`] ?? {
      operationId: `${method} ${path}`,
      accountScoped: false,
      idempotent: false,
    };
    const send = core[method] as (path: string, init: Init) => Promise<unknown>;
    return withCall({ op, path, stream: init?.parseAs === 'stream' }, () => send(path, init));
  };

  const client = {
    GET: forward('GET'),
    PUT: forward('PUT'),
    POST: forward('POST'),
    DELETE: forward('DELETE'),
    async uploadCnab240(file: Cnab240Source, opts: { filename?: string; signal?: AbortSignal } = {}) {
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
