// Bodies as they travel: JSON as JSON, a form as multipart/form-data (files as file parts), anything else
// as its text.
import { asText, bodyExamples, isJsonMediaType, type MediaType, type Operation } from '@banking-api/contract';
import type { EncodedBody } from '../types.js';

/** The boundary of every multipart body the engine writes. */
export const multipartBoundary = 'banking-api-verify-boundary';

export function encodeBody(media: MediaType, value: unknown): EncodedBody {
  if (media.mediaType === 'multipart/form-data') return multipart(media, value);
  if (isJsonMediaType(media.mediaType)) return { contentType: media.mediaType, text: JSON.stringify(value) };
  return { contentType: media.mediaType, text: asText(value) };
}

/** A multipart/form-data body: one part per field present in the value, files as file parts. */
function multipart(media: MediaType, value: unknown): EncodedBody {
  const entries = Object.entries((value ?? {}) as Record<string, unknown>);
  const parts = entries.map(([name, content]) => {
    const field = media.fields?.find((f) => f.name === name);
    const disposition = field?.binary
      ? `form-data; name="${name}"; filename="${name}.bin"`
      : `form-data; name="${name}"`;
    const type = field?.binary ? (field.contentType ?? 'application/octet-stream') : 'text/plain';
    return `--${multipartBoundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${type}\r\n\r\n${asText(content)}\r\n`;
  });
  return {
    contentType: `multipart/form-data; boundary=${multipartBoundary}`,
    text: `${parts.join('')}--${multipartBoundary}--\r\n`,
  };
}

/**
 * The first example body, encoded: what a check sends when it alters something else of a valid request.
 * `values` (a run's fixtures and issued identifiers) replace its top-level fields by name.
 */
export function firstBody(
  op: Operation,
  values: Readonly<Record<string, unknown>> = {},
): EncodedBody | undefined {
  const [first] = bodyExamples(op);
  return first ? encodeBody(first.media, withValues(first.value, values)) : undefined;
}

/** A body example with the fields `values` names replaced (top level of a JSON object only). */
export function withValues(example: unknown, values: Readonly<Record<string, unknown>>): unknown {
  if (!example || typeof example !== 'object' || Array.isArray(example)) return example;
  const body = { ...(example as Record<string, unknown>) };
  for (const name of Object.keys(body)) if (name in values) body[name] = values[name];
  return body;
}
