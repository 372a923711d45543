// The shapes the verifier passes between its modules: a probe (one request to send), the answer it got,
// and the findings (failures and notes) the checks make of it.
import type { ContractModel, Operation } from '@banking-api/contract';

/** Which credential a probe carries: the full token, the token without scopes, or none. */
export type Credential = 'token' | 'unscoped' | 'none';

/** A request body exactly as sent: its bytes and content type. */
export interface ProbeBody {
  readonly contentType: string;
  readonly text: string;
}

/** One request the verifier sends. `path` is filled in and carries the query string. */
export interface Probe {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: ProbeBody;
  readonly credential: Credential;
  /** Leave the client certificate out (the mTLS check). */
  readonly withoutClientCertificate?: boolean;
}

export interface Answer {
  readonly status: number;
  /** The media type of `content-type`, lower case, without parameters; '' when absent. */
  readonly mediaType: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
}

export interface Failure {
  /** `METHOD /path/{template}`. */
  readonly operation: string;
  readonly check: string;
  readonly expected: string;
  readonly got: string;
  /** A curl command that sends the same request (token elided as $TOKEN). */
  readonly curl: string;
  /** How many requests showed the same deviation (only the first is kept). */
  occurrences: number;
}

/** Something the verifier did not check because the contract leaves it open. */
export interface Note {
  readonly operation: string;
  readonly check: string;
  readonly message: string;
}

/** Sends a probe; throws a ConnectionError when no HTTP answer came. */
export type Send = (probe: Probe) => Promise<Answer>;

export interface VerifyOptions {
  readonly target: string;
  readonly seed: number;
  readonly maxExamples: number;
  /** Run the scope checks (an unscoped token was given). */
  readonly scopeChecks: boolean;
  /** File names for the curl commands. */
  readonly files: { readonly ca: string; readonly cert: string; readonly key: string };
}

/** What every check gets: the model, the options, a way to send, and the findings collector. */
export interface CheckContext {
  readonly model: ContractModel;
  readonly options: VerifyOptions;
  readonly send: Send;
  readonly findings: Findings;
}

export interface Findings {
  fail(operation: Operation | string, check: string, expected: string, got: string, probe: Probe): void;
  note(operation: Operation | string, check: string, message: string): void;
  /** Counts one check run (passed or not), for the totals and the JUnit test cases. */
  ran(operation: Operation | string, check: string): void;
}

/** The transport failed: no HTTP answer (refused, TLS, timeout). */
export class ConnectionError extends Error {
  override readonly name = 'ConnectionError';
}
