// The second round of hostile and careless requests, as raw bytes for one mTLS connection: deeply nested
// JSON, JSON that is not UTF-8, a form body sent to a JSON operation, personal data and secrets in the URL,
// headers, request id and body (which the server must not keep: `npm run fuzz` reads the mock's journal
// back), a lower-case `bearer` scheme, and a body cut off before its end. Each says what its answer must be.
import { exampleRequest, isJsonMediaType, type Operation } from '@banking-api/contract';
import fc from 'fast-check';
import { validRequestFor } from '../requests/build.js';
import { rawRequest } from '../requests/wire.js';

export interface HostileRequest {
  readonly what: string;
  readonly bytes: Buffer;
  /** The status the answer must have, or `below-500`. */
  readonly expect: number | 'below-500';
  /** Personal data and secrets it carries: the server must keep none of them. */
  readonly secrets: readonly string[];
}

/** JSON nested deeper than this is refused (the mock's documented limit; a body array is invalid anyway). */
export const MAX_JSON_DEPTH = 64;

const takesJson = (op: Operation) =>
  op.requestBody?.content.some((m) => isJsonMediaType(m.mediaType)) ?? false;
const exampleBody = (op: Operation) => exampleRequest(op).body?.value;

/** Request head only, with a Content-Length the body then fills (or does not). */
function head(op: Operation, token: string, type: string, length: number): string {
  const probe = validRequestFor(op, { idempotency: 'example' });
  const headers = { ...probe.headers, authorization: `Bearer ${token}`, 'content-type': type };
  return rawRequest(op.method, probe.path, { ...headers, 'content-length': String(length) });
}

const withBody = (op: Operation, token: string, type: string, body: Buffer) =>
  Buffer.concat([Buffer.from(head(op, token, type, body.length), 'latin1'), body]);

const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));

function deepJson(ops: fc.Arbitrary<Operation>, token: string): fc.Arbitrary<HostileRequest> {
  return fc.tuple(ops, fc.integer({ min: 1, max: 5000 })).map(([op, depth]) => ({
    what: `${op.operationId} with JSON ${depth} deep`,
    bytes: withBody(op, token, 'application/json', Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`)),
    expect: depth > MAX_JSON_DEPTH ? 400 : ('below-500' as const),
    secrets: [],
  }));
}

function notUtf8(ops: fc.Arbitrary<Operation>, token: string): fc.Arbitrary<HostileRequest> {
  return fc.tuple(ops, fc.uint8Array({ minLength: 1, maxLength: 8 })).map(([op, bytes]) => ({
    what: `${op.operationId} with JSON that is not UTF-8`,
    bytes: withBody(
      op,
      token,
      'application/json',
      Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc3, 0x28, ...bytes]), Buffer.from('"}')]),
    ),
    expect: 400,
    secrets: [],
  }));
}

const formBody = (ops: fc.Arbitrary<Operation>, token: string): fc.Arbitrary<HostileRequest> =>
  ops.map((op) => ({
    what: `${op.operationId} with a form body`,
    bytes: withBody(op, token, 'application/x-www-form-urlencoded', Buffer.from('a=1&b=2')),
    expect: 415,
    secrets: [],
  }));

/** Personal data and secrets in every place a request carries text, with a lower-case `bearer`. */
function personalData(ops: readonly Operation[], token: string): fc.Arbitrary<HostileRequest> {
  const people = fc.tuple(
    digits(11),
    digits(9),
    fc.stringMatching(/^[a-z]{4,10}$/),
    fc.stringMatching(/^[A-Za-z0-9]{12,24}$/),
  );
  return fc.tuple(fc.constantFrom(...ops), people).map(([op, [cpf, phone, name, secret]]) => {
    const e164 = `+5511${phone}`;
    const email = `${name}@example.com`;
    const probe = validRequestFor(op, { idempotency: 'example' });
    const [path, query] = probe.path.split('?');
    const target = `${path}?${query ? `${query}&` : ''}cpf=${cpf}&tel=${encodeURIComponent(e164)}&access_token=${secret}`;
    const note = `call 11 ${phone.slice(0, 5)} ${phone.slice(5)}`;
    const body = takesJson(op)
      ? JSON.stringify({ ...(exampleBody(op) as object), password: `pw${secret}`, note })
      : '';
    const headers: Record<string, string> = {
      ...probe.headers,
      authorization: `bearer ${token}`,
      'x-request-id': email,
      'x-note': e164,
      ...(body ? { 'content-type': 'application/json' } : {}),
    };
    return {
      what: `${op.operationId} carrying personal data`,
      bytes: Buffer.from(rawRequest(op.method, target, headers, body), 'utf8'),
      expect: 'below-500' as const,
      secrets: [cpf, e164, email, secret],
    };
  });
}

const cutOff = (ops: fc.Arbitrary<Operation>, token: string): fc.Arbitrary<HostileRequest> =>
  fc.tuple(ops, fc.nat(50)).map(([op, keep]) => {
    const body = JSON.stringify(exampleBody(op) ?? {});
    return {
      what: `${op.operationId} with its body cut off after ${keep} bytes`,
      bytes: Buffer.from(
        head(op, token, 'application/json', body.length + 1) + body.slice(0, keep),
        'latin1',
      ),
      expect: 'below-500' as const,
      secrets: [],
    };
  });

/** Any request of the second round, for the contract's operations; `token` carries every scope. */
export function secondRoundRequests(ops: readonly Operation[], token: string): fc.Arbitrary<HostileRequest> {
  const json = fc.constantFrom(...ops.filter(takesJson));
  return fc.oneof(
    deepJson(json, token),
    notUtf8(json, token),
    formBody(json, token),
    personalData(ops, token),
    cutOff(json, token),
  );
}
