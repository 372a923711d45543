// The two outer steps: the deadline (outermost, so it covers every layer and middleware inside, and the
// reading of the answer) and the account header (before the caller's middleware, which sees the header
// the server will get).
import { type Call, disarmCall } from './call.js';
import { type Result, read } from './core.js';
import type { Layer, Next } from './pipeline.js';

/**
 * Runs the layers and reads the answer (openapi-fetch's rules) within the call's deadline: the call fails
 * with the deadline or the caller's abort when either stopped it, whatever a layer threw. It is the
 * pipeline's outermost step and the call's one async frame, not a Layer: it gives the call's result.
 */
export async function deadline(call: Call, layers: Next): Promise<Result> {
  try {
    return read(call.req, await layers(call));
  } catch (error) {
    throw call.stopped ?? error; // a stop during a step wins over the step's own failure
  } finally {
    // A streamed body keeps the deadline until it ends (the exchange disarms it then).
    if (!call.streaming || call.exchange?.ended) disarmCall(call);
  }
}

/** An account-scoped call without x-account-id gets the client's default; without a default it is refused. */
export function accountHeader(accountId: string | undefined): Layer {
  return (call, next) => {
    const { req } = call;
    if (req.op.accountScoped && !req.headers['x-account-id']) {
      if (!accountId)
        throw new TypeError(
          `${req.op.operationId} (${req.method} ${req.path}) is account-scoped: pass \`params: { header: { 'x-account-id': ... } }\` or set \`accountId\` in createBankingClient`,
        );
      req.headers['x-account-id'] = accountId;
    }
    return next(call);
  };
}
