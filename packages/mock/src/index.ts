// `@banking-api/mock`: the mock as a library. `startMock` (mock.ts) and what a test names when it uses it: the
// session interface and its vocabulary (api/), the dev PKI and tokens (pki/), the limits, the envelope.
export { adminOpenapiPath, connectMock, type MockAdmin, openMockSession } from './admin/client.ts';
export { TooManySessionsError } from './api/errors.ts';
export {
  type DeliveryLimits,
  defaultDeliveryLimits,
  defaultJournalLimits,
  defaultLimits,
  defaultSessionLimits,
  defaultStateLimits,
  defaultStubLimits,
  type JournalLimits,
  type Limits,
  type SessionLimits,
  type SessionStores,
  type StateLimits,
  type StubLimits,
} from './api/limits.ts';
export { adminScope, DEFAULT_SESSION, faultHeader, replayHeader, sessionHeader } from './api/names.ts';
export type { MockOptions, ProxyOptions, Violation } from './api/options.ts';
export * from './api/public.ts';
export { USAGE_VERSION } from './api/usage.ts';
export type { Answer } from './http/answer.ts';
export { type ErrorEnvelope, envelope, type ViolationDetail } from './http/envelope.ts';
export { type Mock, startMock } from './mock.ts';
export {
  type KeyPair,
  makeCa,
  makeClientCert,
  makeServerCert,
  toPkcs12,
  type Validity,
} from './pki/certificates.ts';
export { defaultPkiDir } from './pki/defaults.ts';
export {
  type DevPki,
  defaultServerNames,
  type Environment,
  ensureDevPki,
  environments,
  type PkiOptions,
  p12Passphrase,
  pkiFiles,
} from './pki/dev-pki.ts';
export { signToken, type TokenOptions, TokenVerifier } from './pki/tokens.ts';
export { violationDetails } from './prism/problems.ts';
export { type OpenApiDocument, readSpec, withoutMutualTls } from './prism/spec.ts';
