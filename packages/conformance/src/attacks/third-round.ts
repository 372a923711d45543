// The third round of hostile requests (issue 37), those about the mock's input, as raw bytes for one mTLS
// connection: a path segment written as `.` or `..` (plain, percent-encoded in any case, overlong UTF-8, with a
// `;parameter`), a legal request of many small headers under the header limit (it must not be refused as too
// large), and alphanumeric CNPJs (issued from July 2026) in the body, query and headers (which the server must
// not keep: the caller reads its journal back). Each says what its answer must be.
import { cnpjCheckDigits, exampleRequest, isJsonMediaType, type Operation } from '@banking-api/contract';
import fc from 'fast-check';
import { validRequestFor } from '../requests/build.js';
import { rawRequest, renderRequest } from '../requests/wire.js';
import type { HostileRequest } from './second-round.js';

export interface ThirdRoundRequest extends HostileRequest {
  /** Which class of the round it is. */
  readonly kind: 'dot segment' | 'many small headers' | 'alphanumeric CNPJ';
  /** Statuses the answer must not have (a legal request of many headers is not `431`). */
  readonly never?: readonly number[];
}

/** Request line and headers together, in bytes, beyond which the mock answers 431 (its documented limit). */
export const MAX_HEADER_BYTES: number = 16 * 1024;

const takesJson = (op: Operation) =>
  op.requestBody?.content.some((m) => isJsonMediaType(m.mediaType)) ?? false;

/** The valid request's bytes, with `target` instead of its path and `headers` added. */
function wire(
  op: Operation,
  token: string,
  change: { target?: string; headers?: Record<string, string> },
): Buffer {
  const probe = validRequestFor(op, { idempotency: 'example' });
  const text = renderRequest(
    { ...probe, headers: { ...probe.headers, ...change.headers } },
    {
      token,
      ...(change.target !== undefined && { target: change.target }),
    },
  );
  return Buffer.from(text, 'latin1');
}

/** `.` or `..` as servers are known to fold them: escaped forms the mock refuses (400), plain ones it resolves. */
const dotWritings = fc.constantFrom(
  { text: '.', escaped: false },
  { text: '..', escaped: false },
  { text: '..;x=1', escaped: false },
  { text: '%2e', escaped: true },
  { text: '%2E%2e', escaped: true },
  { text: '.%2E', escaped: true },
  { text: '%2e.', escaped: true },
  { text: '%C0%AE%C0%AE', escaped: true },
  { text: '%5C..', escaped: true },
);

function dotSegments(ops: readonly Operation[], token: string): fc.Arbitrary<ThirdRoundRequest> {
  return fc.tuple(fc.constantFrom(...ops), dotWritings, fc.nat()).map(([op, dots, at]) => {
    const [path = '/', query] = validRequestFor(op, { idempotency: 'example' }).path.split('?');
    const segments = path.split('/');
    segments[1 + (at % (segments.length - 1))] = dots.text; // any segment, a parameter's or a literal
    const target = `${segments.join('/')}${query === undefined ? '' : `?${query}`}`;
    return {
      kind: 'dot segment' as const,
      what: `${op.operationId} with a segment written ${dots.text}`,
      bytes: wire(op, token, { target }),
      expect: dots.escaped ? 400 : ('below-500' as const),
      secrets: [],
    };
  });
}

/** Many small headers whose total stays under the limit: a legal request, never 431. */
function manyHeaders(ops: readonly Operation[], token: string): fc.Arbitrary<ThirdRoundRequest> {
  return fc.tuple(fc.constantFrom(...ops), fc.integer({ min: 100, max: 1500 })).map(([op, wanted]) => {
    const plain = wire(op, token, {}).length;
    const each = 10; // `x-h1234: v` and its CRLF, at most
    const count = Math.max(1, Math.min(wanted, Math.floor((MAX_HEADER_BYTES - plain - 512) / (each + 2))));
    const headers = Object.fromEntries(Array.from({ length: count }, (_, i) => [`x-h${i}`, 'v']));
    return {
      kind: 'many small headers' as const,
      what: `${op.operationId} with ${count} small headers under ${MAX_HEADER_BYTES} bytes`,
      bytes: wire(op, token, { headers }),
      expect: 'below-500' as const,
      never: [431],
      secrets: [],
    };
  });
}

/** A valid alphanumeric CNPJ (at least one letter), bare or punctuated, upper or lower case. */
const alphanumericCnpj = fc
  .tuple(
    fc.stringMatching(/^[0-9A-Z]{12}$/).filter((base) => /[A-Z]/.test(base)),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([base, punctuated, lower]) => {
    const cnpj = `${base}${cnpjCheckDigits(base)}`;
    const written = punctuated
      ? `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`
      : cnpj;
    return { written: lower ? written.toLowerCase() : written, bare: cnpj };
  });

function alphanumericCnpjs(ops: readonly Operation[], token: string): fc.Arbitrary<ThirdRoundRequest> {
  const json = ops.filter(takesJson);
  return fc.tuple(fc.constantFrom(...json), alphanumericCnpj, alphanumericCnpj).map(([op, inBody, inUrl]) => {
    const probe = validRequestFor(op, { idempotency: 'example' });
    const [path, query] = probe.path.split('?');
    const target = `${path}?${query ? `${query}&` : ''}cnpj=${encodeURIComponent(inUrl.written)}`;
    const example = (exampleRequest(op).body?.value ?? {}) as object;
    const body = JSON.stringify({ ...example, taxId: inBody.written, note: `CNPJ ${inBody.written}` });
    const headers = {
      ...probe.headers,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    };
    return {
      kind: 'alphanumeric CNPJ' as const,
      what: `${op.operationId} carrying alphanumeric CNPJs`,
      bytes: Buffer.from(
        rawRequest(op.method, target, { ...headers, 'x-note': inUrl.written }, body),
        'utf8',
      ),
      expect: 'below-500' as const,
      secrets: [inBody.written, inBody.bare, inUrl.written, inUrl.bare],
    };
  });
}

/** Any request of the third round, for the contract's operations; `token` carries every scope. */
export function thirdRoundRequests(
  ops: readonly Operation[],
  token: string,
): fc.Arbitrary<ThirdRoundRequest> {
  return fc.oneof(dotSegments(ops, token), manyHeaders(ops, token), alphanumericCnpjs(ops, token));
}
