// The two small outer layers: the deadline (outermost, so it covers every layer and middleware inside)
// and the account header (before the caller's middleware, which sees the header the server will get).
import { type Call, disarmCall } from './call.js';
import type { Layer, Next } from './pipeline.js';

/** The call fails with the deadline or the caller's abort when either stopped it, whatever a layer threw. */
export const deadline: Layer = async (call: Call, next: Next): Promise<Response> => {
  try {
    return await next(call);
  } catch (error) {
    throw call.stopped ?? error; // a stop during a step wins over the step's own failure
  } finally {
    // A streamed body keeps the deadline until it ends (the attempt's onEnd disarms it then).
    if (!call.streaming || call.exchange?.ended) disarmCall(call);
  }
};

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
