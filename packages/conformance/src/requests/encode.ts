// Bodies as they travel: JSON as JSON, a multipart/form-data form with files as file parts, an urlencoded
// form as the contract's encoding writes it (form-body.ts), a JOSE media type as a compact JWS of the JSON
// value (jws-body.ts), anything else as its text.
import { asText, encodeForm, isJsonMediaType, type MediaType, type Operation } from '@banking-api/contract';
import type { EncodedBody } from '../types.js';
import { compactJws, isJwsMediaType } from './jws-body.js';
import { validBody } from './valid-body.js';

/** The boundary of every multipart body the engine writes. */
export const multipartBoundary = 'banking-api-verify-boundary';

export function encodeBody(media: MediaType, value: unknown): EncodedBody {
  if (media.mediaType === 'multipart/form-data') return multipart(media, value);
  // A form example written as its text stays as the contract wrote it.
  if (media.mediaType === 'application/x-www-form-urlencoded' && typeof value !== 'string')
    return { contentType: media.mediaType, text: encodeForm(media, value) };
  if (isJsonMediaType(media.mediaType)) return { contentType: media.mediaType, text: JSON.stringify(value) };
  // A JWS example written as its compact text stays as the contract wrote it.
  if (isJwsMediaType(media.mediaType) && typeof value !== 'string')
    return { contentType: media.mediaType, text: compactJws(value) };
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
 * The first valid example body (valid-body.ts), encoded: what a check sends when it alters something else
 * of a valid request. `values` (a run's fixtures and issued identifiers) replace its top-level fields by name.
 */
export function firstBody(
  op: Operation,
  values: Readonly<Record<string, unknown>> = {},
): EncodedBody | undefined {
  const body = validBody(op, values);
  return body ? encodeBody(body.media, body.value) : undefined;
}

export { withValues } from './with-values.js';
