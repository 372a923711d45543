// Every request gets a whole HTTP answer within the client's limits (its time-outs and its size limit).
// An answer that came passes; a request the server took but never answered — a time-out, a socket it
// closed or reset, an answer too large — is recorded by `recordNoAnswer` as this check failing on the
// operation, and the run goes on: one bad endpoint is a deviation, not a broken setup.
import type { Operation } from '@banking-api/contract';
import type { ConnectionError, Findings } from '../../types.js';
import { type AnswerCheck, pass } from '../check.js';

const id = 'answers-within-limits';

export const answersWithinLimits: AnswerCheck = {
  id,
  kind: 'answer',
  level: 'error',
  rationale: 'every request gets a whole answer in time: no hang, no dropped socket, no endless body',
  judge: () => pass,
};

/**
 * A request the server took but did not answer, as a failure of this check on `op` — or of `check`, the
 * probe check that sent it, when a run leaves this one out (a run of one check still reports it).
 */
export function recordNoAnswer(
  findings: Findings,
  op: Operation | string,
  error: ConnectionError,
  check: string = id,
): void {
  findings.ran(op, check);
  if (!error.probe) return;
  const expected = 'a whole HTTP answer within the time-outs and the size limit';
  findings.fail(op, check, expected, `no answer: ${error.reason}`, error.probe);
}
