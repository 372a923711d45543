import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';

/** PEM text, its bytes, or a file to read it from. */
export type PemSource = string | Buffer | { path: string };

/** Client certificate as PEM certificate + private key. */
export interface PemTlsOptions {
  cert: PemSource;
  key: PemSource;
  /** Passphrase of an encrypted private key. */
  passphrase?: string | undefined;
  /** CA bundle that signed the server certificate. Replaces the system roots when given. */
  ca?: PemSource | PemSource[] | undefined;
}

/** Client certificate as a PKCS#12 (.p12/.pfx) archive. */
export interface Pkcs12TlsOptions {
  pfx: Buffer | { path: string };
  passphrase?: string | undefined;
  ca?: PemSource | PemSource[] | undefined;
}

/** Only the CA of the server, no client certificate (the API will refuse the handshake). */
export interface CaOnlyTlsOptions {
  ca: PemSource | PemSource[];
}

export type TlsOptions = PemTlsOptions | Pkcs12TlsOptions | CaOnlyTlsOptions;

/** What the token provider is given: `signal` aborts when its call's deadline (`tokenTimeoutMs`) passes. */
export interface TokenProviderContext {
  signal: AbortSignal;
}

/** A Bearer token (JWT) or an async function that fetches one. */
export type TokenSource = string | ((context: TokenProviderContext) => Promise<string>);

export interface RetryOptions {
  /** Extra attempts after the first one. Default 2. */
  retries?: number | undefined;
  /** Base of the exponential backoff (full jitter). Default 100 ms. */
  baseDelayMs?: number | undefined;
  /** Longest wait between attempts; a longer Retry-After is not waited for. Default 5000 ms. */
  maxDelayMs?: number | undefined;
}

/** What hooks learn about one attempt. Authorization and personal data are redacted. */
export interface AttemptInfo {
  operationId: string;
  method: string;
  /** Path template from the spec, e.g. `/ar/pix/v2/pix/{id}`. */
  path: string;
  /** Full URL with personal data (CPF, CNPJ, e-mail, phone) and credentials redacted. */
  url: string;
  /** The call's `x-request-id` (the same for every attempt of a call); a caller's own that is not a UUID, redacted. */
  requestId: string;
  /** 1 for the first attempt. */
  attempt: number;
  environment: string | undefined;
  /** Request headers: secret headers masked, personal data redacted. */
  headers: Record<string, string>;
}

export interface AttemptEndInfo extends AttemptInfo {
  /** HTTP status, or undefined when the attempt failed in transport. */
  status: number | undefined;
  durationMs: number;
  /** Transport failure of this attempt (already redacted). */
  error?: Error;
  /** True when another attempt follows. */
  willRetry: boolean;
}

export interface Hooks {
  onAttemptStart?: ((info: AttemptInfo) => void) | undefined;
  onAttemptEnd?: ((info: AttemptEndInfo) => void) | undefined;
}

export interface BankingClientOptions {
  /** Base URL of the API, e.g. `https://api.sandbox.example.com` (the contract names no hosts). */
  baseUrl: string;
  /** Label used in hook info and error messages. */
  environment?: 'sandbox' | 'production' | undefined;
  /** Client certificate for mutual TLS. TLS 1.2+ and server certificate verification always apply. */
  tls?: TlsOptions | undefined;
  /** Bearer token or provider; provided tokens are cached until shortly before their `exp`. */
  token: TokenSource;
  /**
   * Deadline of one call to the token provider (one at a time, shared by the requests waiting for it).
   * Default 10000 ms, or `timeoutMs` when that is shorter.
   */
  tokenTimeoutMs?: number | undefined;
  /** Default `x-account-id` for account-scoped operations. */
  accountId?: string | undefined;
  /**
   * One deadline per call, over connecting, every attempt and retry wait, and the whole body (a streamed
   * body too, until it is read). Default 30000 ms.
   */
  timeoutMs?: number | undefined;
  /** Largest response body read, in bytes, checked while it arrives. Default 10 MiB. */
  maxResponseBytes?: number | undefined;
  /** Further header names whose values hooks never see (besides Authorization, Cookie, x-api-key...). */
  secretHeaders?: string[] | undefined;
  /** Retry policy for safe requests (GET and idempotent-by-URL PUTs), or `false` to never retry. */
  retry?: RetryOptions | false | undefined;
  hooks?: Hooks | undefined;
  /** Keep-alive connections kept open per origin. Default 10. */
  connections?: number | undefined;
  /**
   * Proxy for the API's host: an `http://` (or `https://`) CONNECT proxy URL, `false` for none. Default:
   * `HTTPS_PROXY` / `https_proxy` from the environment, unless `NO_PROXY` / `no_proxy` names the host.
   * Mutual TLS runs end to end inside the tunnel.
   */
  proxy?: string | false | undefined;
  /**
   * An undici dispatcher to send through instead of the client's own pool (it carries its own TLS, so
   * `tls`, `connections` and `proxy` are not allowed with it); close() leaves it to you.
   */
  dispatcher?: Dispatcher | undefined;
}

/** A CNAB 240 file: a path, bytes, a Node or web stream, or a Blob/File. */
export type Cnab240Source =
  | string
  | { path: string }
  | Buffer
  | Uint8Array
  | Readable
  | ReadableStream
  | Blob;
