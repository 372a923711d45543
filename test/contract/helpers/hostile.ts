// The second round of hostile and careless requests (issue 23), as raw bytes for one mTLS connection:
// deeply nested JSON, JSON that is not UTF-8, a form body sent to a JSON operation, personal data and
// secrets in the URL, headers, request id and body (which the journal must not keep), a lower-case
// `bearer` scheme, and a body cut off before its end. Each says what its answer must be.
import fc from 'fast-check';
import { accountId } from './clients.ts';
import { validRequest } from './requests.ts';
import type { Operation } from './spec.ts';
import { rawRequest } from './wire.ts';

export interface HostileRequest {
  what: string;
  bytes: Buffer;
  /** The status the answer must have, or `below-500`. */
  expect: number | 'below-500';
  /** Values that must not show up in the journal. */
  secrets: string[];
}

const takesJson = (op: Operation) => op.requestBody?.content.some((m) => m.mediaType === 'application/json');

const request = (op: Operation, headers: Record<string, string>, body: string, target: string) =>
  Buffer.from(rawRequest(op.method, target, { 'x-account-id': accountId, ...headers }, body), 'utf8');

/** Request head only (rawRequest with no body), with a Content-Length the body then fills. */
function head(
  op: Operation,
  token: string,
  type: string,
  length: number,
  extra: Record<string, string> = {},
): string {
  return rawRequest(op.method, validRequest(op).url, {
    authorization: `Bearer ${token}`,
    'x-account-id': accountId,
    'content-type': type,
    'content-length': String(length),
    ...extra,
  });
}

const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));

export function hostileRequests(ops: readonly Operation[], token: string): fc.Arbitrary<HostileRequest> {
  const jsonOps = ops.filter(takesJson);
  const jsonOp = fc.constantFrom(...jsonOps);
  const withBody = (op: Operation, type: string, body: Buffer, extra?: Record<string, string>) =>
    Buffer.concat([Buffer.from(head(op, token, type, body.length, extra), 'latin1'), body]);
  const deep = fc.tuple(jsonOp, fc.integer({ min: 1, max: 5000 })).map(([op, depth]) => ({
    what: `${op.operationId} with JSON ${depth} deep`,
    bytes: withBody(op, 'application/json', Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`)),
    expect: depth > 64 ? 400 : ('below-500' as const),
    secrets: [],
  }));
  const notUtf8 = fc.tuple(jsonOp, fc.uint8Array({ minLength: 1, maxLength: 8 })).map(([op, bytes]) => ({
    what: `${op.operationId} with JSON that is not UTF-8`,
    bytes: withBody(
      op,
      'application/json',
      Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc3, 0x28, ...bytes]), Buffer.from('"}')]),
    ),
    expect: 400,
    secrets: [],
  }));
  const form = jsonOp.map((op) => ({
    what: `${op.operationId} with a form body`,
    bytes: withBody(op, 'application/x-www-form-urlencoded', Buffer.from('a=1&b=2')),
    expect: 415,
    secrets: [],
  }));
  const personal = fc
    .tuple(
      fc.constantFrom(...ops),
      digits(11),
      digits(9),
      fc.stringMatching(/^[a-z]{4,10}$/),
      fc.stringMatching(/^[A-Za-z0-9]{12,24}$/),
    )
    .map(([op, cpf, phone, name, secret]) => {
      const e164 = `+5511${phone}`;
      const email = `${name}@example.com`;
      const [path, query] = validRequest(op).url.split('?');
      const target = `${path}?${query ? `${query}&` : ''}cpf=${cpf}&tel=${encodeURIComponent(e164)}&access_token=${secret}`;
      const body = takesJson(op)
        ? JSON.stringify({
            ...(validRequest(op).body as object),
            password: `pw${secret}`,
            note: `call 11 ${phone.slice(0, 5)} ${phone.slice(5)}`,
          })
        : '';
      const headers: Record<string, string> = {
        authorization: `bearer ${token}`,
        'x-request-id': email,
        'x-note': e164,
        ...(body ? { 'content-type': 'application/json' } : {}),
      };
      return {
        what: `${op.operationId} carrying personal data`,
        bytes: request(op, headers, body, target),
        expect: 'below-500' as const,
        secrets: [cpf, e164, email, secret],
      };
    });
  const cut = fc.tuple(jsonOp, fc.nat(50)).map(([op, keep]) => {
    const body = JSON.stringify(validRequest(op).body ?? {});
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
  return fc.oneof(deep, notUtf8, form, personal, cut);
}
