// Before any check: one example request with the full token. A refused token or certificate pair is a
// mistake in the command (exit 2 with what to fix), not hundreds of failures of the server.

import { exampleRequests, requestFor } from '@banking-api/conformance';
import { bearerScopes, type ContractModel } from '@banking-api/contract';
import { UsageError } from './options.js';
import type { Send } from './types.js';

export async function checkCredentials(model: ContractModel, send: Send, seed: number): Promise<void> {
  const op = model.operations[0];
  if (!op) return;
  const probe = exampleRequests(op, seed)[0]?.probe ?? requestFor(op, { seed });
  const answer = await send(probe); // no answer at all: a ConnectionError, also exit 2
  const needsNoScope = bearerScopes(op).some((scopes) => scopes.length === 0);
  if (answer.status === 401 || (answer.status === 403 && needsNoScope)) {
    throw new UsageError(
      `the server refused the credentials: ${op.key} answered ${answer.status} to --token. Give a valid token issued for the same environment as --cert.`,
    );
  }
}
