// Requests made from the model: parameters filled from their examples (or a generated value), a fresh
// idempotency identifier per request (verification creates resources), bodies encoded per media type.
import { randomUUID } from 'node:crypto';
import type { MediaType, Operation, Parameter } from '@banking-api/contract';
import fc from 'fast-check';
import type { Credential, Probe, ProbeBody } from './types.ts';

export const multipartBoundary = 'banking-api-verify-boundary';

export interface ProbeParts {
  readonly credential?: Credential;
  /** Parameter values that replace the examples, by name. */
  readonly values?: Readonly<Record<string, unknown>>;
  /** Header parameters to leave out (the missing-header check). */
  readonly omit?: readonly string[];
  readonly body?: ProbeBody;
  readonly method?: string;
}

/** A probe for the operation with its parameters filled in and the given body. */
export function probeFor(op: Operation, seed: number, parts: ProbeParts = {}): Probe {
  const value = (p: Parameter) =>
    p.name in (parts.values ?? {}) ? parts.values?.[p.name] : parameterValue(op, p, seed);
  const headers: Record<string, string> = {};
  const query = new URLSearchParams();
  let path = op.path;
  for (const p of op.parameters) {
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(text(value(p))));
    else if (p.in === 'query' && (p.required || p.examples.length)) query.append(p.name, text(value(p)));
    else if (p.in === 'header' && p.required && !parts.omit?.includes(p.name))
      headers[p.name] = text(value(p));
  }
  const search = query.size ? `?${query}` : '';
  return {
    method: parts.method ?? op.method,
    path: `${path}${search}`,
    headers,
    credential: parts.credential ?? 'token',
    ...(parts.body ? { body: parts.body } : {}),
  };
}

/** The idempotency identifier is new on every request; other parameters use their first example. */
function parameterValue(op: Operation, p: Parameter, seed: number): unknown {
  if (op.idempotency?.parameter === p.name && p.in === op.idempotency.in) return randomUUID();
  if (p.examples.length) return p.examples[0]?.value;
  return generatedIdentifier(seed, p.name);
}

/** A repeatable identifier-like value for a parameter that has no example. */
function generatedIdentifier(seed: number, name: string): string {
  const salt = [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0);
  const [value] = fc.sample(fc.stringMatching(/^[a-z0-9]{8,16}$/), { seed: seed + salt, numRuns: 1 });
  return value ?? 'verify';
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The body of a value for a media type: JSON text, a multipart form, or the value as text. */
export function encodeBody(media: MediaType, value: unknown): ProbeBody {
  if (media.mediaType === 'multipart/form-data') return multipart(media, value);
  if (isJson(media.mediaType)) return { contentType: media.mediaType, text: JSON.stringify(value) };
  return { contentType: media.mediaType, text: text(value) };
}

export const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

/** A multipart/form-data body: one part per field present in the value, files as file parts. */
function multipart(media: MediaType, value: unknown): ProbeBody {
  const entries = Object.entries((value ?? {}) as Record<string, unknown>);
  const parts = entries.map(([name, content]) => {
    const field = media.fields?.find((f) => f.name === name);
    const disposition = field?.binary
      ? `form-data; name="${name}"; filename="${name}.bin"`
      : `form-data; name="${name}"`;
    const type = field?.binary ? (field.contentType ?? 'application/octet-stream') : 'text/plain';
    return `--${multipartBoundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${type}\r\n\r\n${text(content)}\r\n`;
  });
  return {
    contentType: `multipart/form-data; boundary=${multipartBoundary}`,
    text: `${parts.join('')}--${multipartBoundary}--\r\n`,
  };
}

/** Each named example of the request body with its media type (none for an operation without a body). */
export function bodyExamples(op: Operation): { media: MediaType; name: string; value: unknown }[] {
  return (op.requestBody?.content ?? []).flatMap((media) =>
    media.examples.map((example) => ({ media, name: example.name, value: example.value })),
  );
}

/** The first example body, for checks that need a valid request to alter one thing of. */
export function firstBody(op: Operation): ProbeBody | undefined {
  const [first] = bodyExamples(op);
  return first ? encodeBody(first.media, first.value) : undefined;
}
