// Ways to attack the mock, shared by the contract suites and `npm run fuzz` (tools/fuzz/cli.ts): valid
// requests as bytes, spellings of their paths, byte mutations, and bodies the schema forbids. All are
// derived from the model's operations; nothing here knows an operation by name.
import { bearerScopes, type JsonSchema } from '@banking-api/contract';
import fc from 'fast-check';
import { accountId } from './clients.ts';
import { isMultipart, jsonBodySchema, type ObjectSchema, validRequest, wrongTypeFor } from './requests.ts';
import type { Operation } from './spec.ts';
import { rawRequest } from './wire.ts';

/** A small CNAB upload as multipart bytes. */
export const cnabMultipart = {
  contentType: 'multipart/form-data; boundary=fuzz',
  body: '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="CB231101.REM"\r\nContent-Type: text/plain\r\n\r\nheader\r\ntrailer\r\n--fuzz--\r\n',
};

/** A valid request for `op` sent to `target` (any spelling of its path) with `token`, as bytes. */
export function requestBytes(op: Operation, target: string, token: string): string {
  const { body } = validRequest(op);
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-account-id': accountId };
  if (isMultipart(op))
    return rawRequest(
      op.method,
      target,
      { ...headers, 'content-type': cnabMultipart.contentType },
      cnabMultipart.body,
    );
  if (body === undefined) return rawRequest(op.method, target, headers);
  return rawRequest(
    op.method,
    target,
    { ...headers, 'content-type': 'application/json' },
    JSON.stringify(body),
  );
}

/** Operations that ask for a Bearer scope. */
export const scoped = (ops: readonly Operation[]) =>
  ops.filter((o) => bearerScopes(o).some((set) => set.length > 0));

/** Spellings of `path`: escapes of its letters, dot segments, repeated slashes, absolute-form. */
export function spellingOf(path: string): fc.Arbitrary<string> {
  const segments = path.split('/').slice(1);
  const letters = path.length;
  return fc
    .record({
      escaped: fc.array(fc.boolean(), { minLength: letters, maxLength: letters }),
      upper: fc.boolean(),
      before: fc.array(fc.constantFrom('', '', '/.', '/zz/..', '/', '/./a/b/../..'), {
        minLength: segments.length,
        maxLength: segments.length,
      }),
      origin: fc.constantFrom('', '', 'http://x', 'HTTPS://example.com:8443'),
    })
    .map(({ escaped, upper, before, origin }) => {
      let n = 0;
      const spelled = segments.map((segment, i) => {
        const plain = !segment.includes('%');
        const chars = [...segment].map((c) => {
          const hex = c.charCodeAt(0).toString(16);
          return plain && escaped[n++] && /[A-Za-z0-9]/.test(c) ? `%${upper ? hex.toUpperCase() : hex}` : c;
        });
        return `${before[i]}/${chars.join('')}`;
      });
      return `${origin}${spelled.join('')}`;
    });
}

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
  '--fuzz',
  '--fuzz--',
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

export type Mutation = {
  region: number;
  at: number;
  kind: 'flip' | 'insert' | 'delete' | 'repeat' | 'token';
  bytes: Uint8Array;
  token: string;
};

export const mutation: fc.Arbitrary<Mutation> = fc.record({
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

export function mutate(bytes: Buffer, m: Mutation): Buffer {
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

/** Invalid values for a property schema, each certainly breaking it. */
function breakersOf(schema: JsonSchema): unknown[] {
  const s = schema as { type?: string; pattern?: string; enum?: unknown[] };
  const values: unknown[] = [wrongTypeFor(s)];
  if (s.pattern) {
    const pattern = new RegExp(s.pattern, 'u');
    values.push(...['XYZ-1', '!', '', 'a b', '\u0000', '%00'].filter((v) => !pattern.test(v)));
  }
  if (s.enum) values.push('NOT_ONE_OF_THE_ENUM');
  return values;
}

export interface InvalidBody {
  op: Operation;
  body: unknown;
  why: string;
}

/** For every operation with a JSON object body: the example with one property broken, or one required dropped. */
export function invalidBodies(ops: readonly Operation[]): fc.Arbitrary<InvalidBody> {
  const cases: fc.Arbitrary<InvalidBody>[] = [];
  for (const op of ops) {
    const schema = jsonBodySchema(op) as (ObjectSchema & { maxProperties?: number }) | undefined;
    const example = validRequest(op).body as Record<string, unknown> | undefined;
    if (schema?.type !== 'object' || !example) continue;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const broken = fc.constantFrom(...breakersOf(property));
      cases.push(
        broken.map((value) => ({
          op,
          body: { ...example, [name]: value },
          why: `${name} = ${JSON.stringify(value)}`,
        })),
      );
    }
    for (const name of schema.required ?? []) {
      const { [name]: _, ...rest } = example;
      cases.push(fc.constant({ op, body: rest, why: `without ${name}` }));
    }
    if (schema.maxProperties === 0)
      cases.push(fc.constant({ op, body: { unexpected: 1 }, why: 'a property where none is allowed' }));
  }
  return fc.oneof(...cases);
}
