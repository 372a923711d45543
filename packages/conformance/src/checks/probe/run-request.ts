// The request a probe check sends, with the run's values in it: the caller's fixtures for the operation
// and the identifiers the server issued, in its parameters and in the first example body's top-level
// fields — so a 401, 403 or 405 probe reaches the same resource as a valid request would. What a check
// changes on purpose (the credential, a header left out, an invalid body) is applied after the values.
import type { Operation } from '@banking-api/contract';
import { issuedValues } from '../../flows/values.js';
import { type RequestOptions, requestFor } from '../../requests/build.js';
import { firstBody } from '../../requests/encode.js';
import type { CheckContext, EncodedBody, Probe } from '../../types.js';

export interface RunRequestOptions extends Omit<RequestOptions, 'seed' | 'values' | 'body'> {
  /** The body to send; `null` for none; absent for the first example with the run's values. */
  readonly body?: EncodedBody | null;
}

/** The run's values for the inputs of `op`: its fixtures first, then identifiers the server issued. */
export const runValues = (ctx: CheckContext, op: Operation): Record<string, unknown> =>
  issuedValues(op, ctx.options.identifiers, ctx.options.fixtures?.[op.operationId]).values;

export function runRequest(ctx: CheckContext, op: Operation, options: RunRequestOptions = {}): Probe {
  const values = runValues(ctx, op);
  const { body: given, ...rest } = options;
  const body = given === undefined ? firstBody(op, values) : (given ?? undefined);
  return requestFor(op, { ...rest, seed: ctx.options.seed, values, ...(body && { body }) });
}
