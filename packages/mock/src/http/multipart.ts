// Multipart bodies checked before Prism, with busboy (a well-kept streaming parser), against the fields
// the model names for the operation. Prism's own multipart parser throws on parts it does not expect
// (no Content-Type, a Content-Disposition without name): what passes here is handed to Prism re-written
// in one plain shape, so Prism never sees the client's bytes.
import { randomUUID } from 'node:crypto';
import type { FormField, MediaType } from '@banking-api/contract';
import busboy from 'busboy';
import type { ViolationDetail } from './envelope.ts';

/** One part as busboy read it. */
interface Part {
  name: string | undefined;
  filename: string | undefined;
  contentType: string;
  data: Buffer;
}

export type MultipartCheck =
  | { ok: true; body: string; contentType: string }
  | { ok: false; details: ViolationDetail[] };

const refused = (message: string, field?: string): MultipartCheck => ({
  ok: false,
  details: [{ location: 'body', ...(field ? { field } : {}), code: 'invalid_multipart', message }],
});

// Part names the mock hands on: the model's field names are of this kind; anything else is refused.
const plainName = /^[A-Za-z0-9_.[\]-]{1,100}$/;

/** Checks a multipart body against `media` (its `fields`), and gives the body Prism gets instead. */
export async function checkMultipart(
  contentType: string,
  body: Buffer,
  media: MediaType,
): Promise<MultipartCheck> {
  const read = await readParts(contentType, body);
  if ('error' in read) return refused(`The multipart body is malformed: ${read.error}.`);
  const declared = partHeaderBlocks(body, read.boundary);
  if (declared.length !== read.parts.length)
    return refused('A part has no Content-Disposition of type form-data.');
  const untyped = read.parts.findIndex(
    (part, i) => part.filename !== undefined && !hasContentType(declared[i]),
  );
  if (untyped !== -1) return refused('A file part has no Content-Type.', read.parts[untyped]?.name);
  const unnamed = read.parts.find((part) => !part.name || !plainName.test(part.name));
  if (unnamed) return refused('A part has no name, or a name with characters field names do not have.');
  const missing = fieldProblems(media.fields ?? [], read.parts);
  if (missing) return missing;
  return canonical(read.parts);
}

/** The parts of a body, by busboy; an error for a missing boundary, a bad part header or a cut body. */
function readParts(
  contentType: string,
  body: Buffer,
): Promise<{ parts: Part[]; boundary: string } | { error: string }> {
  return new Promise((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': contentType }, limits: { fieldSize: body.length + 1 } });
    } catch (error) {
      resolve({ error: (error as Error).message });
      return;
    }
    const parts: Part[] = [];
    const files: Promise<void>[] = [];
    parser.on('field', (name, value, info) => {
      parts.push({ name, filename: undefined, contentType: info.mimeType, data: Buffer.from(value) });
    });
    parser.on('file', (name, stream, info) => {
      const part: Part = {
        name,
        filename: info.filename ?? '',
        contentType: info.mimeType,
        data: Buffer.alloc(0),
      };
      parts.push(part);
      files.push(
        collect(stream).then((data) => {
          part.data = data;
        }),
      );
    });
    parser.on('error', (error: Error) => resolve({ error: error.message }));
    parser.on('close', () => {
      Promise.all(files).then(
        () => resolve({ parts, boundary: boundaryOf(contentType) }),
        (error: Error) => resolve({ error: error.message }),
      );
    });
    try {
      parser.end(body);
    } catch (error) {
      resolve({ error: (error as Error).message }); // busboy reports by events; this is belt and braces
    }
  });
}

function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** The boundary parameter (busboy has already checked there is one). */
function boundaryOf(contentType: string): string {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? '';
}

/**
 * The header block of every part, as the body declares them (busboy skips parts it cannot place and
 * fills in a Content-Type that was never sent, so whether a part has them is read here).
 */
function partHeaderBlocks(body: Buffer, boundary: string): string[] {
  const text = body.toString('latin1');
  const delimiter = `--${boundary}`;
  const pieces = text.split(delimiter).slice(1); // before the first delimiter: the preamble
  const blocks: string[] = [];
  for (const piece of pieces) {
    if (piece.startsWith('--')) break; // the closing delimiter
    const end = piece.indexOf('\r\n\r\n');
    blocks.push(end === -1 ? piece : piece.slice(0, end));
  }
  return blocks;
}

const hasContentType = (block: string | undefined) => /\r\ncontent-type\s*:/i.test(block ?? '');

/** A required field the body lacks, or a binary field sent as a plain field. */
function fieldProblems(fields: readonly FormField[], parts: readonly Part[]): MultipartCheck | undefined {
  for (const field of fields) {
    const part = parts.find((p) => p.name === field.name);
    if (!part && field.required) return refused(`The required part ${field.name} is missing.`, field.name);
    if (part && field.binary && part.filename === undefined)
      return refused(`The part ${field.name} must be a file (a filename and a Content-Type).`, field.name);
  }
  return undefined;
}

/** The parts re-written with a fresh boundary, plain names and filenames, each with its Content-Type. */
function canonical(parts: readonly Part[]): MultipartCheck {
  const boundary = `banking-mock-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? '' : `; filename="${safeFilename(part.filename)}"`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\nContent-Type: ${part.contentType}\r\n\r\n`;
    chunks.push(Buffer.from(head, 'latin1'), part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    ok: true,
    body: Buffer.concat(chunks).toString('utf8'),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A filename Prism's parser can read: no quotes, `;` or `=`, which it splits on. */
function safeFilename(name: string): string {
  return name.replace(/[^A-Za-z0-9_.() -]/g, '_').slice(0, 200) || 'file';
}
