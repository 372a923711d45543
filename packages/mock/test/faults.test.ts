// Fault rules and the per-request fault header, without a server.
import { expect, test } from 'vitest';
import { failureAnswer } from '../src/http/error-answers.ts';
import { checkedFault, FaultRules, parseFaultHeader } from '../src/session/faults.ts';

test('the header names latency, status and drop, comma-separated', () => {
  expect(parseFaultHeader('latency=250, status=503')).toMatchObject({ latencyMs: 250, status: 503 });
  expect(parseFaultHeader('drop')).toMatchObject({ drop: true });
  expect(() => parseFaultHeader('status=404')).toThrow(/5xx/);
  expect(() => parseFaultHeader('explode')).toThrow(/unknown fault "explode"/);
  expect(() => checkedFault({})).toThrow(/latencyMs, status or drop/);
});

test('the header takes numbers in decimal digits only', () => {
  for (const part of ['retry-after=', 'retry-after=0x1e', 'latency=1e3', 'status=', 'latency=-5'])
    expect(() => parseFaultHeader(`status=503, ${part}`), part).toThrow(/must be a whole number/);
  expect(parseFaultHeader('status=503, retry-after=30')).toMatchObject({ retryAfterSeconds: 30 });
});

test('a rule with `times` applies that many times; an operation rule wins over `*`', () => {
  const rules = new FaultRules();
  rules.set('*', { latencyMs: 5 });
  rules.set('sendPix', { status: 500, times: 2 });
  expect(rules.take('sendPix')?.status).toBe(500);
  expect(rules.take('sendPix')?.status).toBe(500);
  expect(rules.take('sendPix')).toMatchObject({ latencyMs: 5 });
  expect(rules.take('createCard')).toMatchObject({ latencyMs: 5 });
  rules.clear();
  expect(rules.take('createCard')).toBeUndefined();
});

test('a simulated failure is the error envelope with a code of its status', () => {
  const answer = failureAnswer(503, '/x');
  if ('drop' in answer) throw new Error('not an answer');
  expect(answer.status).toBe(503);
  expect(answer.headers).toEqual({ 'content-type': 'application/json', 'retry-after': '1' });
  expect(JSON.parse(String(answer.body))).toMatchObject({
    status_code: 503,
    code: 'SERVICE_UNAVAILABLE',
    path: '/x',
    details: [],
  });
});

test('Retry-After: 1 on a 503 unless the fault names its own seconds, or null for none', () => {
  const retryAfter = (answer: ReturnType<typeof failureAnswer>) =>
    'drop' in answer ? 'dropped' : answer.headers?.['retry-after'];
  expect(retryAfter(failureAnswer(503, '/x'))).toBe('1');
  expect(retryAfter(failureAnswer(503, '/x', 20))).toBe('20');
  expect(retryAfter(failureAnswer(503, '/x', null))).toBeUndefined();
  expect(retryAfter(failureAnswer(500, '/x'))).toBeUndefined();
  expect(retryAfter(failureAnswer(502, '/x', 0))).toBe('0');
  expect(parseFaultHeader('status=503, retry-after=none')).toMatchObject({ retryAfterSeconds: null });
  expect(parseFaultHeader('status=503, retry-after=5')).toMatchObject({ retryAfterSeconds: 5 });
  expect(() => parseFaultHeader('status=503, retry-after=soon')).toThrow(/whole number/);
  expect(() => checkedFault({ status: 503, retryAfterSeconds: 1.5 })).toThrow(/whole seconds/);
  expect(() => checkedFault({ drop: true, retryAfterSeconds: 1 })).toThrow(/needs a status/);
});

test('fault rules of a contract refuse an operationId the contract does not have (a typo would otherwise never fire)', () => {
  const rules = new FaultRules(['sendPix', 'refundPix']);
  expect(() => rules.set('sendPIX', { status: 503 })).toThrow(
    'No fault set: the contract has no operation sendPIX (did you mean sendPix?)',
  );
  rules.set('sendPix', { status: 503 });
  rules.set('*', { latencyMs: 10 });
  expect(Object.keys(rules.list()).sort()).toEqual(['*', 'sendPix']);
});
