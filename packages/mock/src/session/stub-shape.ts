// A stub's own shape, before the contract is asked anything: the fields it must have, of the right kinds,
// and no field the mock does not know (a misspelt `times` or `when.body` would otherwise change what the
// stub does without a word).
import { unknownKeys } from '../api/known-keys.ts';
import type { UntypedStub as Stub } from '../api/stub.ts';
import type { StubViolation } from './stub-violation.ts';

const STUB_KEYS = ['operationId', 'when', 'answer', 'times'] as const;
const WHEN_KEYS = ['path', 'query', 'headers', 'body'] as const;
const ANSWER_KEYS = ['status', 'body', 'headers'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isStringRecord = (value: unknown): boolean =>
  isRecord(value) && Object.values(value).every((v) => typeof v === 'string');

export function shapeViolations(stub: Stub): StubViolation[] {
  if (!isRecord(stub)) return [{ at: '', message: 'a stub is an object' }];
  return [...unknownFields(stub), ...fieldViolations(stub)];
}

function unknownFields(stub: Stub): StubViolation[] {
  const at = (prefix: string) => (u: { key: string; message: string }) => ({
    at: `${prefix}/${u.key.slice(0, 64)}`,
    message: u.message,
  });
  return [
    ...unknownKeys(stub, STUB_KEYS).map(at('')),
    ...unknownKeys(stub.when, WHEN_KEYS).map(at('/when')),
    ...unknownKeys(stub.answer, ANSWER_KEYS).map(at('/answer')),
  ];
}

function fieldViolations(stub: Stub): StubViolation[] {
  const out: StubViolation[] = [];
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
  if (stub.when?.body !== undefined && valuesIn(stub.when.body, MAX_MATCH_VALUES + 1) > MAX_MATCH_VALUES)
    out.push({ at: '/when/body', message: `may hold at most ${MAX_MATCH_VALUES} values` });
  return out;
}

/** A match body is kept parsed (it is compared with every request): its size is bounded in values. */
const MAX_MATCH_VALUES = 256;

/** How many values (objects, arrays, leaves) `value` holds, counting no further than `stop`. */
function valuesIn(value: unknown, stop: number): number {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length && count < stop) {
    const next = pending.pop();
    count++;
    if (next === null || typeof next !== 'object') continue;
    for (const key in next) {
      if (pending.length + count >= stop) break; // no more needed to know it is too many
      pending.push((next as Record<string, unknown>)[key]);
    }
  }
  return count;
}
