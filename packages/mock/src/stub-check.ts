// A stub is checked against the contract before it is kept: it must answer an operation of the contract
// with a status the operation documents (`default` covers errors, never a success), a body its response's
// schema accepts and that keeps the contract's cross-field rules, and it may only match on parameters and
// body fields the operation declares. A stub the contract forbids is refused with every violation, so a
// test can never make the mock say what the real service could not.
import {
  type ContractModel,
  jsonContent,
  type Operation,
  type Response,
  responseFor,
} from '@banking-api/contract';
import { violationsOf } from '@banking-api/contract/validators';
import { requestFieldsOf } from './declared-fields.ts';
import { hopByHopHeaders } from './hop-by-hop.ts';
import type { Stub } from './stubs.ts';

/** One thing wrong with a stub: where in it (a JSON pointer) and what. */
export interface StubViolation {
  at: string;
  message: string;
}

const token = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const notSettable = new Set([...hopByHopHeaders, 'content-length', 'x-request-id']);

/** Everything wrong with `stub` for `model`; none when the contract allows it. */
export function stubViolations(model: ContractModel, stub: Stub): StubViolation[] {
  const shape = shapeViolations(stub);
  if (shape.length) return shape;
  const op = model.operations.find((o) => o.operationId === stub.operationId);
  if (!op)
    return [{ at: '/operationId', message: `the contract has no operation ${clip(stub.operationId)}` }];
  return [...answerViolations(op, stub.answer), ...whenViolations(op, stub.when ?? {})];
}

/** A name the caller gave, as far as a message repeats it. */
const clip = (name: string) => (name.length > 64 ? `${name.slice(0, 64)}…` : name);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isStringRecord = (value: unknown): boolean =>
  isRecord(value) && Object.values(value).every((v) => typeof v === 'string');

/** The stub's own shape, before the contract is asked anything. */
function shapeViolations(stub: Stub): StubViolation[] {
  const out: StubViolation[] = [];
  if (!isRecord(stub)) return [{ at: '', message: 'a stub is an object' }];
  if (typeof stub.operationId !== 'string')
    out.push({ at: '/operationId', message: 'is required, a string' });
  if (!isRecord(stub.answer))
    out.push({ at: '/answer', message: 'is required: { status, body?, headers? }' });
  else if (!Number.isInteger(stub.answer.status) || stub.answer.status < 100 || stub.answer.status > 599)
    out.push({ at: '/answer/status', message: 'must be an HTTP status, 100 to 599' });
  if (stub.answer?.headers !== undefined && !isStringRecord(stub.answer.headers))
    out.push({ at: '/answer/headers', message: 'must map header names to strings' });
  if (stub.when !== undefined && !isRecord(stub.when))
    out.push({ at: '/when', message: 'must be an object' });
  for (const part of ['path', 'query', 'headers'] as const)
    if (stub.when?.[part] !== undefined && !isStringRecord(stub.when[part]))
      out.push({ at: `/when/${part}`, message: 'must map names to strings' });
  if (stub.times !== undefined && !(Number.isInteger(stub.times) && stub.times >= 1))
    out.push({ at: '/times', message: 'must be a whole number of at least 1' });
  return out;
}

function answerViolations(op: Operation, answer: Stub['answer']): StubViolation[] {
  const response = responseFor(op, answer.status);
  if (!response) {
    const documented = op.responses.map((r) => r.status).join(', ');
    const message = `${op.operationId} does not document ${answer.status} (it documents ${documented}; default covers errors only)`;
    return [{ at: '/answer/status', message }];
  }
  return [...bodyViolations(response, answer), ...headerViolations(response, answer.headers ?? {})];
}

function bodyViolations(response: Response, { status, body }: Stub['answer']): StubViolation[] {
  if (body === undefined) return [];
  const json = jsonContent(response.content);
  if (!json) return [{ at: '/answer/body', message: `the response documents no JSON body for ${status}` }];
  const out = json.schema
    ? violationsOf(json.schema, body).map((v) => ({
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

function headerViolations(response: Response, headers: Record<string, string>): StubViolation[] {
  const out: StubViolation[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const at = `/answer/headers/${clip(name)}`;
    if (!token.test(name) || /[\r\n\0]/.test(value)) out.push({ at, message: 'is not a valid header' });
    else if (notSettable.has(name.toLowerCase()))
      out.push({ at, message: 'is set by the mock, not by a stub' });
    else if (name.toLowerCase() === 'content-type' && !response.content.some((m) => m.mediaType === value))
      out.push({
        at,
        message: `must be one the response documents (${response.content.map((m) => m.mediaType).join(', ')})`,
      });
  }
  return out;
}

/** Match conditions only on what the operation declares: a typo would otherwise never match. */
function whenViolations(op: Operation, when: NonNullable<Stub['when']>): StubViolation[] {
  const out: StubViolation[] = [];
  for (const place of ['path', 'query'] as const)
    for (const name of Object.keys(when[place] ?? {}))
      if (!op.parameters.some((p) => p.in === place && p.name === name))
        out.push({
          at: `/when/${place}/${clip(name)}`,
          message: `${op.operationId} has no ${place} parameter ${clip(name)}`,
        });
  if (when.body !== undefined) {
    const declared = requestFieldsOf(op, 16);
    for (const path of undeclaredFields(when.body, declared))
      out.push({
        at: '/when/body',
        message: `${op.operationId}'s request body declares no field ${clip(path)}`,
      });
  }
  return out;
}

/** The field paths of a match body (`payer.name`, `items[].id`) that the request schema does not declare. */
function undeclaredFields(value: unknown, declared: ReadonlySet<string>, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => undeclaredFields(item, declared, `${prefix}[]`));
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return declared.has(path) ? undeclaredFields(child, declared, path) : [path];
  });
}

/** The value at a JSON Pointer of a body, if every step exists. */
function valueAt(body: unknown, pointer: string): unknown {
  let node = body;
  for (const key of pointer
    .split('/')
    .slice(1)
    .map((k) => k.replaceAll('~1', '/').replaceAll('~0', '~')))
    node = isRecord(node) ? node[key] : undefined;
  return node;
}
