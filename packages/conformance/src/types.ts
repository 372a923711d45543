// The shapes the engine passes around: a request (what to send, naming its credential rather than holding
// a token), the answer it got, and the findings the checks make of answers.
import type { ContractModel, Operation } from '@banking-api/contract';

/** Which credential a request carries: the full token, a valid token without scopes, or none. */
export type Credential = 'token' | 'unscoped' | 'none';

/** A request body exactly as sent: its text and content type. */
export interface EncodedBody {
  readonly contentType: string;
  readonly text: string;
}

/** One request. `path` is filled in and carries the query string. */
export interface Probe {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: EncodedBody;
  readonly credential: Credential;
  /** Leave the client certificate out (the mutual TLS check). */
  readonly withoutClientCertificate?: boolean;
}

export interface Answer {
  readonly status: number;
  /** The media type of `content-type`, lower case, without parameters; '' when absent. */
  readonly mediaType: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
}

/** Sends a probe; throws a ConnectionError when no HTTP answer came. */
export type Send = (probe: Probe) => Promise<Answer>;

/** The transport failed: no HTTP answer (refused, TLS, timeout). */
export class ConnectionError extends Error {
  override readonly name: string = 'ConnectionError';
}

/** Where the checks' outcomes go; the caller decides how to keep and report them. */
export interface Findings {
  fail(operation: Operation | string, check: string, expected: string, got: string, probe: Probe): void;
  note(operation: Operation | string, check: string, message: string): void;
  /** Counts one check run (passed or not). */
  ran(operation: Operation | string, check: string): void;
}

/** What shapes the generated inputs of a run. */
export interface RunOptions {
  /** Seed of every generated value: the same seed sends the same inputs. */
  readonly seed: number;
  /** Generated invalid bodies per operation and media type. */
  readonly maxExamples: number;
  /** Run the scope checks (a valid token without scopes is at hand). */
  readonly scopeChecks: boolean;
}

/** What every check gets: the model, the run's options, a way to send, and where findings go. */
export interface CheckContext {
  readonly model: ContractModel;
  readonly options: RunOptions;
  readonly send: Send;
  readonly findings: Findings;
}
