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
} from '@banking-api/conformance';

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

export interface VerifyOptions extends RunOptions {
  readonly target: string;
  /** File names for the curl commands. */
  readonly files: { readonly ca: string; readonly cert: string; readonly key: string };
}
