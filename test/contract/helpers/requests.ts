// Valid requests built from the spec's examples, and ways to break them.
import { exampleOf, type Operation, type Spec } from './spec.ts';

export interface ValidRequest {
  params: { path: Record<string, string>; query: Record<string, string> };
  /** The request path with path parameters filled in, and the query string. */
  url: string;
  body: unknown;
}

export function validRequest(op: Operation, spec: Spec): ValidRequest {
  const params = { path: {} as Record<string, string>, query: {} as Record<string, string> };
  for (const p of op.parameters) {
    if (p.in === 'path' || p.in === 'query') params[p.in][p.name] = exampleOf(p, spec.deref);
  }
  const path = op.template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(params.path[name] ?? ''),
  );
  const query = new URLSearchParams(params.query).toString();
  return { params, url: query ? `${path}?${query}` : path, body: op.body?.example };
}

/** A JSON value of another type than `schema` allows. */
export function wrongTypeFor(schema: { type?: string | string[] } | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  return type === 'string' ? 12345 : type === 'object' || type === 'array' ? 'not-an-object' : 'not-a-number';
}

/** The operation's JSON body schema, resolved (undefined for no or non-JSON bodies). */
export function jsonBodySchema(op: Operation, spec: Spec) {
  if (op.body?.mediaType !== 'application/json') return undefined;
  return spec.deref(op.body.schema) as {
    type?: string;
    required?: string[];
    properties?: Record<string, { type?: string; $ref?: string }>;
  };
}

/** A small CNAB upload as multipart form data (for calls made without the client's upload helper). */
export function cnabForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob(['header\r\ntrailer\r\n']), 'CB231101.REM');
  return form;
}
