// The shapes the verifier passes between its modules. A probe (one request), its answer and the findings
// are the conformance engine's; the report's failures and notes, and the run's options, are verify's.
import type { RunOptions } from '@banking-api/conformance';

export {
  type Answer,
  type CheckContext,
  ConnectionError,
  type Credential,
  type EncodedBody as ProbeBody,
  type Findings,
  type Probe,
  type Send,
  UnsendableRequest,
} from '@banking-api/conformance';

/** What came back, as data: the status, the media type and the body (cut to 2,000 characters). */
export interface Actual {
  readonly status: number;
  readonly mediaType: string;
  readonly body: string;
}

/** One check on one operation, and whether it failed (a report's `checks`). */
export interface CheckResult {
  readonly operation: string;
  readonly check: string;
  readonly failed: boolean;
}

export interface Failure {
  /** `METHOD /path/{template}`. */
  readonly operation: string;
  /** The operation's operationId ('' for a contract-wide finding). */
  readonly operationId: string;
  /** The check's id in the engine's registry. */
  readonly check: string;
  readonly expected: string;
  /** What came, in one line (status, media type, body cut short). */
  readonly got: string;
  /** What came, as data; absent when no answer came (a refused connection is no deviation). */
  readonly actual?: Actual;
  /** The request as sent: method and path with its query (the token is never kept). */
  readonly request: { readonly method: string; readonly path: string };
  /** The server's request id of the first answer (x-request-id, request-id or x-correlation-id). */
  readonly requestId?: string;
  /** A curl command that sends the same request (token elided as $TOKEN). */
  readonly curl: string;
  /** How many requests showed the same deviation (only the first is kept). */
  occurrences: number;
}

/** Something the verifier did not check because the contract leaves it open, or a check it skipped. */
export interface Note {
  readonly operation: string;
  readonly check: string;
  readonly message: string;
}

/**
 * A finding that is the contract's own, not the server's: its example breaks its own schema (a request
 * example the server rightly refuses, an answer that is the contract's example). Reported apart from the
 * failures; the exit code ignores it.
 */
export interface ContractIssue {
  readonly operation: string;
  readonly check: string;
  readonly message: string;
  /** How many requests showed it (a mock answering its example every time counts each). */
  occurrences: number;
}

export interface VerifyOptions extends RunOptions {
  readonly target: string;
  /** File names for the curl commands. */
  readonly files: { readonly ca: string; readonly cert: string; readonly key: string };
}
