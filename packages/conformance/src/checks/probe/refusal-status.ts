// The status a request that fails validation must get: 400 where the operation documents a 400 response
// (the contract's validation error), else any 4xx. What the contract fixes is held to; what it leaves open
// is not narrowed. Shared by the probe checks that send invalid input.
import { type Operation, responseFor } from '@banking-api/contract';
import { isClientError } from './call.js';

/** Whether the operation documents a 400 of its own (exactly, not by a 4XX range or `default`). */
export const documents400 = (op: Operation): boolean => responseFor(op, 400)?.status === '400';

/** What an answer to invalid input must be, in words, and whether `status` is it. */
export function refusalOf(op: Operation): { expected: string; holds(status: number): boolean } {
  if (documents400(op))
    return {
      expected: '400 (the documented answer to a request that fails validation)',
      holds: (s) => s === 400,
    };
  return { expected: 'a 4xx answer (invalid input)', holds: isClientError };
}
