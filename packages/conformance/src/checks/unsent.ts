// A request the engine could not send (UnsendableRequest: a header value or name HTTP cannot carry, a header
// the HTTP client owns): a note on the check that made it, never a failure. Nothing reached the server, and
// the request is the engine's own — a value it made, or took from the contract's examples and enums.
import type { Operation } from '@banking-api/contract';
import type { Findings, UnsendableRequest } from '../types.js';

export function noteUnsent(
  findings: Findings,
  op: Operation | string,
  check: string,
  error: UnsendableRequest,
): void {
  findings.note(op, check, `a request was not sent: ${error.reason}; that case was not checked`);
}
