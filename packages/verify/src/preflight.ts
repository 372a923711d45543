// Before any check: an example request with the full token. A refused token or certificate pair is a
// mistake in the command (exit 2 with what to fix), not hundreds of failures of the server. The first
// operations are tried in turn: one that takes the request but gives no answer (a time-out, a closed
// socket) is that operation's deviation, reported by the checks, and one that cannot be sent at all is
// skipped (its checks note it); only a server that answers none of them, or is not reached at all, ends
// the run here.
import {
  ConnectionError,
  exampleRequests,
  issuedValues,
  requestFor,
  UnsendableRequest,
} from '@banking-api/conformance';
import { bearerScopes, type Operation } from '@banking-api/contract';
import { UsageError } from './options.js';
import type { Send } from './types.js';

/** How many operations are tried before a server that answers none is a setup error. */
const TRIES = 3;

/** `ops`: the operations the run selected (a run of one operation calls no other to check its token). */
export async function checkCredentials(
  ops: readonly Operation[],
  send: Send,
  seed: number,
  fixtures: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {},
): Promise<void> {
  const unanswered: ConnectionError[] = [];
  for (const op of ops.slice(0, TRIES)) {
    const { values } = issuedValues(op, {}, fixtures[op.operationId]);
    const probe = exampleRequests(op, seed, values)[0]?.probe ?? requestFor(op, { seed, values });
    let answer: Awaited<ReturnType<Send>>;
    try {
      answer = await send(probe);
    } catch (error) {
      if (error instanceof UnsendableRequest) continue; // verify's request, not the server's answer
      if (!(error instanceof ConnectionError) || error.stage === 'connect') throw error; // not reached
      unanswered.push(error);
      continue;
    }
    const needsNoScope = bearerScopes(op).some((scopes) => scopes.length === 0);
    if (answer.status === 401 || (answer.status === 403 && needsNoScope))
      throw new UsageError(
        `the server refused the credentials: ${op.key} answered ${answer.status} to --token. Give a valid token issued for the same environment as --cert.`,
      );
    return;
  }
  const [last] = unanswered.slice(-1);
  if (last)
    throw new ConnectionError(
      `the server took the first ${unanswered.length} requests but answered none of them (${last.reason})`,
      { stage: 'answer', reason: last.reason, cause: last },
    );
}
