// Faults on the request path, so that clients can test their retries and timeouts: the session's fault for
// the operation (or the one the `x-mock-fault` header asks for, when the mock was started with faults on):
// latency, a chosen 5xx in a realistic envelope, or a dropped connection. Also the failures a caller asks for
// with `Prefer: code=...`, which Prism cannot make realistic (it has no 5xx examples to serve, and its 400
// example has empty details): the error the contract documents, as a bodyless stub answers it.
import { setTimeout as delay } from 'node:timers/promises';
import type { Fault } from '../api/fault.ts';
import { faultHeader } from '../api/names.ts';
import { envelopeAnswer } from '../http/answer.ts';
import { envelope } from '../http/envelope.ts';
import { documentedError, failureAnswer } from '../http/error-answers.ts';
import { parseFaultHeader } from '../session/faults.ts';
import type { Exchange, Feature, Outcome } from './feature.ts';

export interface FaultOptions {
  /** Honour the `x-mock-fault` header. */
  perRequest: boolean;
}

export function faultFeature({ perRequest }: FaultOptions): Feature {
  return {
    async admitted(exchange) {
      const asked = requestFault(exchange, perRequest);
      if (asked && 'refusal' in asked) return asked.refusal;
      const { match } = exchange.request;
      const fault = asked?.fault ?? (match && exchange.session?.faults.take(match.operation.operationId));
      if (fault) return applyFault(fault, exchange);
      return preferredFailure(exchange);
    },
  };
}

/** The fault the request's header asks for, or the 400 answer to a header that asks for none. */
function requestFault(
  { request }: Exchange,
  perRequest: boolean,
): { fault: Fault } | { refusal: Outcome } | undefined {
  const header = request.headers[faultHeader];
  if (!perRequest || typeof header !== 'string') return undefined;
  try {
    return { fault: parseFaultHeader(header) };
  } catch (error) {
    const message = (error as Error).message;
    const detail = { location: 'header', field: faultHeader, code: 'invalid', message };
    const refusal = envelope(400, 'VALIDATION_ERROR', 'The request is invalid.', request.target.path, [
      detail,
    ]);
    return { refusal: { answer: envelopeAnswer(refusal) } };
  }
}

async function applyFault(fault: Fault, { request }: Exchange): Promise<Outcome | undefined> {
  if (fault.latencyMs) await delay(fault.latencyMs);
  if (fault.drop) return { drop: true, answeredBy: 'fault' };
  if (!fault.status) return undefined; // latency only: the normal answer, late
  const { path } = request.target;
  const answer = failureAnswer(fault.status, path, fault.retryAfterSeconds, request.match?.operation);
  return { answer, answeredBy: 'fault' };
}

/** `Prefer: code=5xx` or `code=400` on an operation: what the contract documents for that status. */
function preferredFailure({ request }: Exchange): Outcome | undefined {
  const prefer = request.headers.prefer;
  const code = typeof prefer === 'string' ? /(?:^|[\s,;])code=(\d{3})/.exec(prefer)?.[1] : undefined;
  const op = request.match?.operation;
  if (!code || !op) return undefined;
  const status = Number(code);
  const { path } = request.target;
  if (status >= 500) return { answer: failureAnswer(status, path, undefined, op), answeredBy: 'fault' };
  if (status !== 400) return undefined;
  const answer = envelopeAnswer(documentedError(op, 400, path, 'asked for with Prefer: code=400'));
  return { answer, answeredBy: 'fault' };
}
