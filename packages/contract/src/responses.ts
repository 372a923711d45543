// Which documented response covers an answer: the one rule every room (verify, tests, mock, review) uses.
import type { MediaType, Operation, Response } from './model.js';

/** A 2xx status, written exactly (`201`) or as a range (`2XX`). */
export const isSuccessStatus = (status: string): boolean => status.startsWith('2');

/** `4XX` for 404: OpenAPI writes ranges in upper case; a lower-case `4xx` is read the same. */
const rangeOf = (status: number): string => `${String(status)[0]}XX`;

/**
 * The response documenting `status`: the exact code, else its range (`4XX`), else `default`, except that
 * `default` never covers a 2xx. OpenAPI lets `default` stand for any status; this contract's `default` is
 * its error envelope ("any other error", §7), so an undocumented success is a deviation, not a default.
 */
export function responseFor(op: Operation, status: number): Response | undefined {
  const exact = op.responses.find((r) => r.status === String(status));
  if (exact) return exact;
  const range = op.responses.find((r) => r.status.toUpperCase() === rangeOf(status));
  if (range) return range;
  return status >= 200 && status < 300 ? undefined : op.responses.find((r) => r.status === 'default');
}

/** The documented success responses, in document order. */
export const successResponses = (op: Operation): Response[] =>
  op.responses.filter((r) => isSuccessStatus(r.status));

/** A media type without its parameters, lower-cased: `Application/JSON; charset=utf-8` → `application/json`. */
export const mediaTypeEssence = (mediaType: string): string =>
  (mediaType.split(';')[0] ?? '').trim().toLowerCase();

/** `application/json` and any `+json` type (`application/problem+json`). */
export const isJsonMediaType = (mediaType: string): boolean => {
  const bare = mediaTypeEssence(mediaType);
  return bare === 'application/json' || bare.endsWith('+json');
};

/**
 * The listed media type a content type is, by essence (a contract may key `application/json; charset=utf-8`
 * and a server send `application/json`, or the other way round: the parameters change nothing JSON reads), else
 * the first range that covers it (`application/*`, `*\/*`).
 */
export function listedMedia(content: readonly MediaType[], mediaType: string): MediaType | undefined {
  const essence = mediaTypeEssence(mediaType);
  if (!essence) return undefined;
  const exact = content.find((m) => mediaTypeEssence(m.mediaType) === essence);
  if (exact) return exact;
  const type = essence.split('/')[0];
  return content.find((m) => {
    const listed = mediaTypeEssence(m.mediaType);
    return listed === '*/*' || listed === `${type}/*`;
  });
}

/** The JSON media type of a body's content (a response's or a request's), when it has one. */
export const jsonContent = (content: readonly MediaType[]): MediaType | undefined =>
  content.find((m) => isJsonMediaType(m.mediaType));

/** The media type a request body is sent as by default: the first the operation lists. */
export const requestMedia = (op: Operation): MediaType | undefined => op.requestBody?.content[0];
