// The request body of one attempt, as undici's Dispatcher.request takes it.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Dispatcher } from 'undici';

export type Body = NonNullable<Dispatcher.RequestOptions['body']>;

const toNode = (stream: ReadableStream) => Readable.fromWeb(stream as NodeReadableStream);

/** The body to send and its content type (FormData brings its boundary). */
export function encodeBody(body: unknown): { payload: Body | null; contentType?: string | null } {
  if (body === undefined || body === null) return { payload: null };
  if (typeof body === 'string') return { payload: body }; // JSON, the common case
  if (body instanceof FormData) {
    // npm undici cannot encode Node's global FormData (another realm); Node's own Response can.
    const encoded = new Response(body);
    return {
      payload: toNode(encoded.body as ReadableStream),
      contentType: encoded.headers.get('content-type'),
    };
  }
  if (body instanceof ReadableStream) return { payload: toNode(body) };
  return { payload: body as Body }; // bytes, Blob, Node stream or (async) iterable
}

/** Bodies that can be sent again on a retry (streams cannot). */
export const replayable = (body: unknown): boolean =>
  body === undefined ||
  body === null ||
  typeof body === 'string' ||
  body instanceof Uint8Array ||
  body instanceof Blob ||
  body instanceof FormData;
