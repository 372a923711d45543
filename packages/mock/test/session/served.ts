// A request as the gateway serves it (src/http/served.ts), made up for the stores' unit tests.
import { contractModel, type Operation } from '@banking-api/contract';
import type { ServedRequest } from '../../src/http/served.ts';

export const model = contractModel();

/** The operation with this id in the shipped contract. */
export function operation(operationId: string): Operation {
  const op = model.operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId}`);
  return op;
}

/** A served request of `operationId` (none: an unknown path), with what a test changes. */
export function served(operationId: string | undefined, over: Partial<ServedRequest> = {}): ServedRequest {
  const op = operationId === undefined ? undefined : operation(operationId);
  const path = op?.path ?? '/nowhere';
  const match = op && { operation: op, params: {} };
  return {
    requestId: 'req-1',
    started: 1_000,
    finished: 1_010,
    method: op?.method ?? 'GET',
    url: path,
    headers: { 'x-account-id': 'acc-1' },
    target: { kind: 'resource', path, query: '', sent: path },
    routed: match ? { kind: 'match', match } : { kind: 'not-found' },
    match,
    caller: { env: 'sandbox', certificate: 'AA:BB', subject: 'dev', scopes: new Set() },
    body: undefined,
    validated: true,
    answeredBy: 'example',
    stubId: undefined,
    answer: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' },
    status: 200,
    dropped: false,
    ...over,
  } as ServedRequest;
}
