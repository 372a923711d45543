// A stub is checked against the contract before it is kept: it must answer an operation of the contract
// with a status the operation documents (`default` covers errors, never a success or a redirect), a body its
// response's schema accepts and that keeps the contract's cross-field rules; it may only match on
// parameters and body fields the operation declares, with values the contract allows (a condition no valid
// request can meet would never match). A stub the contract forbids is refused with every violation, so a
// test can never make the mock say what the real service could not.

import { validateHeaderName, validateHeaderValue } from 'node:http';
import {
  type ContractModel,
  jsonContent,
  type Operation,
  type Response,
  responseFor,
} from '@banking-api/contract';
import { violationsOf } from '@banking-api/contract/validators';
import { unknownOperation } from '../api/known-keys.ts';
import type { UntypedStub as Stub } from '../api/stub.ts';
import { shapeViolations } from './stub-shape.ts';
import { clip, type StubViolation } from './stub-violation.ts';
import { whenViolations } from './stub-when.ts';

const operationIds = (model: ContractModel) => model.operations.map((o) => o.operationId);

/** Everything wrong with `stub` for `model`; none when the contract allows it. */
export function stubViolations(model: ContractModel, stub: Stub): StubViolation[] {
  const shape = shapeViolations(stub);
  if (shape.length) return shape;
  const op = model.operations.find((o) => o.operationId === stub.operationId);
  if (!op) return [{ at: '/operationId', message: unknownOperation(stub.operationId, operationIds(model)) }];
  return [...answerViolations(op, stub.answer), ...whenViolations(op, stub.when ?? {})];
}

function answerViolations(op: Operation, answer: Stub['answer']): StubViolation[] {
  const { status } = answer;
  const response = responseFor(op, status);
  const documented = op.responses.map((r) => r.status).join(', ');
  const byDefaultOnly = response?.status === 'default';
  if (status < 200 || !response || (byDefaultOnly && status < 400)) {
    const message = `${op.operationId} does not document ${status} (it documents ${documented}; default covers errors, 4xx and 5xx, only)`;
    return [{ at: '/answer/status', message }];
  }
  return [...bodyViolations(response, answer), ...headerViolations(response, answer.headers ?? {})];
}

function bodyViolations(response: Response, { status, body }: Stub['answer']): StubViolation[] {
  if (body === undefined) return [];
  const json = jsonContent(response.content);
  if (!json) return [{ at: '/answer/body', message: `the response documents no JSON body for ${status}` }];
  const out = json.schema
    ? violationsOf(json.schema, body, 'response').map((v) => ({
        at: `/answer/body${v.at === '/' ? '' : v.at}`,
        message: v.message,
      }))
    : [];
  for (const rule of response.rules ?? [])
    if (rule.equals.source === 'status' && valueAt(body, rule.pointer) !== status)
      out.push({
        at: `/answer/body${rule.pointer}`,
        message: `must equal the answer's status ${status} (x-equals)`,
      });
  return out;
}

/**
 * Headers a stub may set: those the response documents, its media type, and `Retry-After` (what a 429 or
 * 503 carries); each a header Node can send. Anything else (`Set-Cookie`, `Location`) would be the mock
 * saying what the contract does not.
 */
function headerViolations(response: Response, headers: Record<string, string>): StubViolation[] {
  const allowed = new Set(['content-type', 'retry-after', ...response.headers.map((h) => h.toLowerCase())]);
  const out: StubViolation[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const at = `/answer/headers/${clip(name)}`;
    const lower = name.toLowerCase();
    if (!sendable(name, value))
      out.push({ at, message: 'is not a header HTTP can carry (visible ASCII only)' });
    else if (!allowed.has(lower))
      out.push({
        at,
        message: `the response documents no such header (a stub may set ${[...allowed].join(', ')})`,
      });
    else if (lower === 'content-type' && !response.content.some((m) => m.mediaType === value))
      out.push({
        at,
        message: `must be one the response documents (${response.content.map((m) => m.mediaType).join(', ')})`,
      });
  }
  return out;
}

/** A name and value node:http sends as they are (it throws on others, or sends Latin-1 bytes). */
function sendable(name: string, value: string): boolean {
  try {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    return /^[\t\x20-\x7e]*$/.test(value);
  } catch {
    return false;
  }
}

/** The value at a JSON Pointer of a body, if every step exists. */
function valueAt(body: unknown, pointer: string): unknown {
  let node = body;
  for (const key of pointer
    .split('/')
    .slice(1)
    .map((k) => k.replaceAll('~1', '/').replaceAll('~0', '~')))
    node =
      node !== null && typeof node === 'object' && !Array.isArray(node)
        ? (node as Record<string, unknown>)[key]
        : undefined;
  return node;
}
