// The CNAB 240 upload body: a FormData for bytes, Blobs and files (sent from disk), and a streamed
// multipart body for streams, which are never read into memory.
import { randomUUID } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import type { Cnab240Source } from './options.js';

export interface UploadBody {
  body: FormData | AsyncIterable<Uint8Array | string>;
  /** Set for the streamed form, whose boundary is ours. */
  contentType?: string;
}

const quote = (name: string) => name.replace(/["\r\n\\]/g, '_');

async function* streamed(boundary: string, filename: string, content: AsyncIterable<Uint8Array | string>) {
  yield `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quote(filename)}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  yield* content;
  yield `\r\n--${boundary}--\r\n`;
}

export async function cnabBody(source: Cnab240Source, filename: string | undefined): Promise<UploadBody> {
  const form = (blob: Blob, name: string) => {
    const data = new FormData();
    data.append('file', blob, filename ?? name);
    return { body: data };
  };
  if (
    typeof source === 'string' ||
    (typeof source === 'object' && source !== null && 'path' in source && typeof source.path === 'string')
  ) {
    const path = typeof source === 'string' ? source : source.path;
    try {
      if (!(await stat(path)).isFile()) throw Object.assign(new Error('not a file'), { code: 'not a file' });
      return form(await openAsBlob(path), basename(path));
    } catch (error) {
      throw new TypeError(
        `uploadCnab240: cannot open ${path} (${(error as { code?: string }).code ?? 'error'})`,
      );
    }
  }
  if (source instanceof Blob) return form(source, (source as File).name || 'cnab240.rem');
  if (source instanceof Uint8Array) return form(new Blob([new Uint8Array(source)]), 'cnab240.rem');
  if (source instanceof ReadableStream || source instanceof Readable) {
    const content =
      source instanceof ReadableStream
        ? Readable.fromWeb(source as import('node:stream/web').ReadableStream)
        : source;
    const boundary = `----banking-api-${randomUUID()}`;
    return {
      body: streamed(boundary, filename ?? 'cnab240.rem', content),
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  }
  throw new TypeError('uploadCnab240: pass a file path, { path }, a Buffer, a Blob or a readable stream');
}
