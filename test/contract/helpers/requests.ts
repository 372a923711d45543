// Valid requests built from the model's examples, and ways to break them.
import type { JsonSchema } from '@banking-api/contract';
import { exampleOf, type Operation, requestMedia } from './spec.ts';

export interface ValidRequest {
  params: { path: Record<string, string>; query: Record<string, string> };
  /** The request path with path parameters filled in, and the query string. */
  url: string;
  body: unknown;
}

export function validRequest(op: Operation): ValidRequest {
  const params = { path: {} as Record<string, string>, query: {} as Record<string, string> };
  for (const p of op.parameters) {
    if (p.in === 'path' || p.in === 'query') params[p.in][p.name] = exampleOf(p);
  }
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(params.path[name] ?? ''),
  );
  const query = new URLSearchParams(params.query).toString();
  return { params, url: query ? `${path}?${query}` : path, body: requestMedia(op)?.examples[0]?.value };
}

/** A JSON value of another type than `schema` allows. */
export function wrongTypeFor(schema: { type?: unknown } | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  return type === 'string' ? 12345 : type === 'object' || type === 'array' ? 'not-an-object' : 'not-a-number';
}

export interface ObjectSchema {
  type?: unknown;
  required?: string[];
  properties?: Record<string, JsonSchema>;
}

/** The operation's JSON body schema (undefined for no or non-JSON bodies). */
export function jsonBodySchema(op: Operation): ObjectSchema | undefined {
  const media = requestMedia(op);
  return media?.mediaType === 'application/json' ? (media.schema as ObjectSchema | undefined) : undefined;
}

/** Whether the operation's body is a multipart form (the CNAB upload). */
export const isMultipart = (op: Operation) => requestMedia(op)?.mediaType === 'multipart/form-data';

/** A small CNAB upload as multipart form data (for calls made without the client's upload helper). */
export function cnabForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob(['header\r\ntrailer\r\n']), 'CB231101.REM');
  return form;
}
