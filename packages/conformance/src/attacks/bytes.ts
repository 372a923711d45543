// Byte mutations of a valid request as HTTP/1.1 text: a bit flipped, bytes inserted, deleted or repeated,
// or a token that means something to a parser somewhere on the way, in the request line, the headers or
// the body (a multipart one included).
import fc from 'fast-check';
import { multipartBoundary } from '../requests/encode.js';

// Bytes that mean something to a parser somewhere on the way.
const tokens = [
  '%',
  '%00',
  '%ZZ',
  '%C0%AE',
  '%2F',
  '%2E%2E',
  '\r\n',
  '\n',
  '\r',
  ' ',
  '\t',
  '..',
  '/',
  '//',
  '"',
  ';',
  '=',
  ':',
  `--${multipartBoundary}`,
  `--${multipartBoundary}--`,
  '\r\n\r\n',
  '\u0000',
  '\u00ff',
  'Content-Type: ',
  'Content-Length: 9999',
  'chunked',
  'Transfer-Encoding: chunked\r\n',
  '{',
  '}',
  '[',
  ',',
  '\\u0000',
  'http://x',
  '*',
  '?',
  '#',
  'name=""',
];

export interface ByteMutation {
  readonly region: number;
  readonly at: number;
  readonly kind: 'flip' | 'insert' | 'delete' | 'repeat' | 'token';
  readonly bytes: Uint8Array;
  readonly token: string;
}

export const byteMutation: fc.Arbitrary<ByteMutation> = fc.record({
  region: fc.integer({ min: 0, max: 2 }), // request line, headers, body
  at: fc.nat(),
  kind: fc.constantFrom('flip', 'insert', 'delete', 'repeat', 'token'),
  bytes: fc.uint8Array({ minLength: 1, maxLength: 16 }),
  token: fc.constantFrom(...tokens),
});

/** Where the request line, the headers and the body of a request start. */
function regions(bytes: Buffer): [number, number][] {
  const line = bytes.indexOf('\r\n');
  const head = bytes.indexOf('\r\n\r\n');
  return [
    [0, line],
    [line + 2, head],
    [head + 4, bytes.length],
  ];
}

/** The bytes with one mutation applied in its region. */
export function mutate(bytes: Buffer, m: ByteMutation): Buffer {
  const [start, end] = regions(bytes)[m.region] ?? [0, bytes.length];
  const at = start + (end > start ? m.at % (end - start) : 0);
  const before = bytes.subarray(0, at);
  const after = bytes.subarray(at);
  switch (m.kind) {
    case 'flip':
      return Buffer.concat([before, Buffer.from([(bytes[at] ?? 0) ^ (m.bytes[0] ?? 1)]), after.subarray(1)]);
    case 'insert':
      return Buffer.concat([before, Buffer.from(m.bytes), after]);
    case 'delete':
      return Buffer.concat([before, after.subarray(m.bytes.length)]);
    case 'repeat':
      return Buffer.concat([before, after.subarray(0, m.bytes.length), after]);
    case 'token':
      return Buffer.concat([before, Buffer.from(m.token, 'latin1'), after]);
  }
}

/** The Content-Length header made true again for the (mutated) body, where the headers still say one. */
export function honestLength(bytes: Buffer): Buffer {
  const head = bytes.indexOf('\r\n\r\n');
  if (head === -1) return bytes;
  const length = bytes.length - head - 4;
  const headers = bytes
    .subarray(0, head)
    .toString('latin1')
    .replace(/(\r\ncontent-length:)[^\r\n]*/i, `$1 ${length}`);
  return Buffer.concat([Buffer.from(headers, 'latin1'), bytes.subarray(head)]);
}
