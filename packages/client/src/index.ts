export type { Middleware, MiddlewareCallbackParams } from 'openapi-fetch';
export type { components, operations, paths } from './api.js';
export { type BankingClient, createBankingClient, type WithDefaultAccount } from './client.js';
export {
  AbortError,
  BankingClientError,
  InvalidResponseError,
  PathParameterError,
  ResponseTooLargeError,
  TimeoutError,
  TlsError,
  TokenProviderError,
  type TokenProviderFailure,
  TransportError,
  type TransportErrorKind,
} from './errors.js';
export type {
  AttemptEndInfo,
  AttemptInfo,
  BankingClientOptions,
  Cnab240Source,
  Hooks,
  PemSource,
  PemTlsOptions,
  Pkcs12TlsOptions,
  RetryOptions,
  TlsOptions,
  TokenProviderContext,
  TokenSource,
} from './options.js';
export { recordUsage, type UsageRecording } from './usage.js';
