// What kind of body an operation takes, by the media type it is sent as (requestMedia).
import { type JsonSchema, type Operation, requestMedia, resolveSchema } from '@banking-api/contract';

/** The schema of the operation's JSON body (a `$ref` followed); undefined for no body or another kind. */
export function jsonBodySchema(op: Operation): JsonSchema | undefined {
  const media = requestMedia(op);
  return media?.mediaType === 'application/json' ? resolveSchema(media.schema) : undefined;
}

/** Whether the operation's body is a multipart form. */
export const isMultipart = (op: Operation): boolean => requestMedia(op)?.mediaType === 'multipart/form-data';
