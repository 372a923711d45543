// The usage recorder: names and counts of what was used, never a value; bounded against hostile bodies.
import type { Operation } from '@banking-api/contract';
import { contractModel } from '@banking-api/contract';
import { expect, test } from 'vitest';
import { linearGrowth } from '../../../test/support/growth.ts';
import type { ServedRequest } from '../src/http/served.ts';
import type { ResourceTarget } from '../src/http/target.ts';
import { fieldPaths, UsageRecorder } from '../src/session/usage.ts';

const model = contractModel();
const op = model.operations.find((o) => o.requestBody && o.accountHeader) as Operation;

/** A request of `op` as the gateway serves it, with these bodies and this status. */
const ctx = (body: unknown, answer: unknown, status = 200, url = op.path): ServedRequest =>
  ({
    url,
    headers: { 'x-account-id': 'acc-1' },
    status,
    target: {
      kind: 'resource',
      path: url,
      query: url.split('?')[1] ?? '',
      sent: url,
    } satisfies ResourceTarget,
    match: { operation: op, params: {} },
    body: Buffer.from(JSON.stringify(body)),
    answer: { status: 200, headers: {}, body: JSON.stringify(answer) },
  }) as unknown as ServedRequest;

test('records operations, parameters present and declared field paths, with counts and no value', () => {
  const recorder = new UsageRecorder(model);
  const personal = { registerName: 'Maria Silva', email: 'maria@example.com' };
  const phone = { countryCode: '55', number: '11987654321' };
  recorder.record(ctx({ ...personal, phone }, { holder: { id: 'h-1' } }));
  recorder.record(ctx(personal, { holder: { id: 'h-1' } }));
  const usage = recorder.document();
  expect(usage).toMatchObject({ usageVersion: 2, recordedBy: 'mock', contract: { version: model.version } });
  expect(usage.operations[op.key]).toEqual({
    calls: 2,
    parameters: {
      'x-account-id': 2,
      ...Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, 2])),
    },
    requestFields: { registerName: 2, email: 2, phone: 1, 'phone.countryCode': 1, 'phone.number': 1 },
  });
  // What came back is not what the consumer read: the mock records only what it was sent.
  expect(usage.operations[op.key]).not.toHaveProperty('responseFields');
  const text = JSON.stringify(usage);
  for (const value of [...Object.values(personal), ...Object.values(phone), 'h-1', 'acc-1']) {
    expect(text).not.toContain(value);
  }
});

test('keys the schema does not declare count as `*`: no prototype key, huge key or personal data', () => {
  const recorder = new UsageRecorder(model);
  const huge = 'k'.repeat(100_000);
  const hostile = JSON.parse(
    `{"constructor":1,"__proto__":{"x":1},"toString":2,"123.456.789-09":3,"maria@example.com":4,"${huge}":{${Array.from({ length: 255 }, (_, i) => `"c${i}":1`).join(',')}},"phone":{"__proto__":1,"11987654321":2}}`,
  );
  for (let i = 0; i < 3; i++) recorder.record(ctx(hostile, { holder: { hasOwnProperty: 1 } }));
  const usage = recorder.document().operations[op.key];
  expect(usage?.requestFields).toEqual({ '*': 3, phone: 3, 'phone.*': 3 });
  const text = JSON.stringify(recorder.document());
  for (const key of [
    'constructor',
    '__proto__',
    'toString',
    '789-09',
    'maria@',
    'kkkk',
    'hasOwnProperty',
    'function',
  ])
    expect(text).not.toContain(key);
  expect(text.length).toBeLessThan(2_000);
});

test('a recorder fed many distinct hostile keys stays small', () => {
  const recorder = new UsageRecorder(model);
  for (let i = 0; i < 200; i++) {
    const body = Object.fromEntries(
      Array.from({ length: 255 }, (_, j) => [`${'x'.repeat(1000)}${i}-${j}`, 1]),
    );
    recorder.record(ctx(body, body));
  }
  expect(JSON.stringify(recorder.document()).length).toBeLessThan(2_000);
});

test('counts a call whatever its answer, and ignores unmatched requests altogether', () => {
  const recorder = new UsageRecorder(model);
  recorder.record(ctx({}, { code: 'X' }, 400));
  recorder.record({ ...ctx({}, {}), match: undefined });
  expect(recorder.document().operations[op.key]).toEqual({
    calls: 1,
    parameters: expect.any(Object),
    requestFields: {},
  });
  expect(Object.keys(recorder.document().operations)).toEqual([op.key]);
});

test('stays bounded on deep and wide hostile bodies, at a cost linear in the input', () => {
  const wide = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
  let deep: unknown = 1;
  for (let i = 0; i < 10_000; i++) deep = { d: deep };
  expect(fieldPaths(wide(100_000)).size).toBe(256);
  expect(Math.max(...[...fieldPaths(deep)].map((p) => p.split('.').length))).toBe(6);
  const growth = linearGrowth((n) => [wide(n)], fieldPaths, 2_000);
  expect(growth.ratio, growth.summary).toBeLessThan(growth.limit);
});
