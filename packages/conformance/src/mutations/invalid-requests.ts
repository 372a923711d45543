// Invalid requests for one media type of an operation's body: schema mutations of its first example
// (invalid-bodies.ts) and a broken encoding (malformed JSON, a multipart body that is not one).
import { isJsonMediaType, type MediaType } from '@banking-api/contract';
import { encodeBody, multipartBoundary } from '../requests/encode.js';
import type { EncodedBody } from '../types.js';
import { invalidBodies, missingField } from './invalid-bodies.js';

export interface InvalidRequestBody {
  /** What is broken, e.g. "wrong type at /amount" or "malformed JSON". */
  readonly label: string;
  readonly body: EncodedBody;
}

export function invalidRequestBodies(
  media: MediaType,
  options: { readonly seed: number; readonly max: number },
): InvalidRequestBody[] {
  const example = media.examples[0]?.value;
  // A form's parts are all text: only a missing part breaks it; a JSON body can break in every way.
  const kinds = isJsonMediaType(media.mediaType) ? undefined : [missingField];
  const mutations =
    media.schema && example !== undefined
      ? invalidBodies(media.schema, example, { seed: options.seed, max: options.max, kinds })
      : [];
  const out = mutations.map((m) => ({ label: m.label, body: encodeBody(media, m.value) }));
  const broken = brokenEncoding(media.mediaType);
  if (broken) out.push(broken);
  return out;
}

export function brokenEncoding(mediaType: string): InvalidRequestBody | undefined {
  if (isJsonMediaType(mediaType))
    return { label: 'malformed JSON', body: { contentType: mediaType, text: '{"a": ' } };
  if (mediaType === 'multipart/form-data') {
    const contentType = `multipart/form-data; boundary=${multipartBoundary}`;
    return { label: 'malformed multipart', body: { contentType, text: 'this is not a multipart body\r\n' } };
  }
  return undefined;
}
