// The usage recorder: names and counts of what was used, never a value; bounded against hostile bodies.
import type { IncomingMessage } from 'node:http';
import type { Operation } from '@banking-api/contract';
import { contractModel } from '@banking-api/contract';
import { expect, test } from 'vitest';
import type { RequestContext } from '../src/hooks.ts';
import type { ResourceTarget } from '../src/target.ts';
import { fieldPaths, UsageRecorder } from '../src/usage.ts';

const model = contractModel();
const op = model.operations.find((o) => o.requestBody && o.accountHeader) as Operation;

/** A context as the gateway hands it to `onResponse`, for `op` with these bodies. */
const ctx = (body: unknown, answer: unknown, url = op.path): RequestContext =>
  ({
    req: { url, headers: { 'x-account-id': 'acc-1' } } as unknown as IncomingMessage,
    target: {
      kind: 'resource',
      path: url,
      query: url.split('?')[1] ?? '',
      sent: url,
    } satisfies ResourceTarget,
    match: { operation: op, params: {} },
    body: Buffer.from(JSON.stringify(body)),
    answer: { status: 200, headers: {}, body: JSON.stringify(answer) },
  }) as unknown as RequestContext;

test('records operations, parameters present and field paths, with counts and no value', () => {
  const recorder = new UsageRecorder(model);
  const personal = { name: 'Maria Silva', cpf: '123.456.789-09', email: 'maria@example.com' };
  recorder.record(ctx({ payer: personal, items: [{ id: 'x-1' }] }, { status: 'OK' }), 200);
  recorder.record(ctx({ payer: personal }, { status: 'OK' }), 200);
  const usage = recorder.document();
  expect(usage).toMatchObject({ usageVersion: 1, contract: { version: model.version } });
  expect(usage.operations[op.key]).toEqual({
    calls: 2,
    parameters: {
      'x-account-id': 2,
      ...Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, 2])),
    },
    requestFields: { payer: 2, 'payer.name': 2, 'payer.cpf': 2, 'payer.email': 2, items: 1, 'items[].id': 1 },
    responseFields: { status: 2 },
  });
  const text = JSON.stringify(usage);
  for (const value of [...Object.values(personal), 'x-1', 'acc-1', 'OK']) expect(text).not.toContain(value);
});

test('ignores error answers for response fields and unmatched requests altogether', () => {
  const recorder = new UsageRecorder(model);
  recorder.record(ctx({}, { code: 'X' }), 400);
  recorder.record({ ...ctx({}, {}), match: undefined } as RequestContext, 200);
  expect(recorder.document().operations[op.key]).toMatchObject({ calls: 1, responseFields: {} });
  expect(Object.keys(recorder.document().operations)).toEqual([op.key]);
});

test('stays bounded on deep and wide hostile bodies, at a cost linear in the input', () => {
  const wide = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
  let deep: unknown = 1;
  for (let i = 0; i < 10_000; i++) deep = { d: deep };
  expect(fieldPaths(wide(100_000)).size).toBe(256);
  expect(Math.max(...[...fieldPaths(deep)].map((p) => p.split('.').length))).toBe(6);
  const time = (n: number) => {
    const started = performance.now();
    for (let i = 0; i < 5; i++) fieldPaths([wide(n)]);
    return performance.now() - started;
  };
  time(1000);
  expect(time(20_000) / time(2_000)).toBeLessThan(30);
});
