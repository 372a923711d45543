// The vocabulary both entries of the package export (`@banking-api/mock` and `@banking-api/mock/admin`): what a
// test file names when it holds a session, whichever side of the admin route it is on.
export { MockAdminError, MockExpectationError, MockSessionClosedError, StubRefusedError } from './errors.ts';
export type { Fault } from './fault.ts';
export type {
  AnsweredBy,
  CallExpectation,
  DeliveryFacts,
  JournalEntry,
  JournalFilter,
  StatusPattern,
} from './journal.ts';
export type {
  Later,
  MockConnection,
  MockSession,
  Now,
  OpenSessionOptions,
  OperationName,
  SessionFaults,
  SessionInfo,
  SessionJournal,
  SessionMiddleware,
  SessionStubs,
  SessionWebhooks,
  TokenRequest,
} from './session.ts';
export type { AnyOperations, OperationStub, StoredStub, Stub, UntypedStub } from './stub.ts';
export type { OperationUsage, UsageDocument } from './usage.ts';
export type { WebhookAttempt, WebhookAttemptKind, WebhookLog } from './webhook-log.ts';
export {
  type DeliveryFaults,
  deliveryHeaders,
  type RegisteredWebhook,
  type WebhookRegistration,
  type WebhookSigning,
} from './webhooks.ts';
