// Valid requests for the client and raw calls of the tests, from the conformance engine: parameters at the
// contract's examples (the idempotency identifier too, so a call can be repeated), the body's first
// example, and the URL they make.
import { parameterValues, urlOf } from '@banking-api/conformance';
import { exampleRequest, type Operation } from '@banking-api/contract';

export interface ValidRequest {
  /** As openapi-fetch takes them. */
  params: { path: Record<string, string>; query: Record<string, string> };
  /** The request path with path parameters filled in, and the query string. */
  url: string;
  body: unknown;
}

export function validRequest(op: Operation): ValidRequest {
  const { path, query } = parameterValues(op, { idempotency: 'example' });
  return {
    params: { path: { ...path }, query: Object.fromEntries(query) },
    url: urlOf(op.path, { path, query }),
    body: exampleRequest(op).body?.value,
  };
}
