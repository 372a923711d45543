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

/** `application/json` and any `+json` type (`application/problem+json`). */
export const isJsonMediaType = (mediaType: string): boolean => {
  const bare = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  return bare === 'application/json' || bare.endsWith('+json');
};

/** The JSON media type of a body's content (a response's or a request's), when it has one. */
export const jsonContent = (content: readonly MediaType[]): MediaType | undefined =>
  content.find((m) => isJsonMediaType(m.mediaType));

/** The media type a request body is sent as by default: the first the operation lists. */
export const requestMedia = (op: Operation): MediaType | undefined => op.requestBody?.content[0];
