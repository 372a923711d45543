import { bodyExamples } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { context, operationWith, registered, server, successStatus } from '../harness.ts';

describe('example-accepted', () => {
  const check = registered('example-accepted');
  const op = operationWith((o) => bodyExamples(o).length > 0, 'a named body example');
  if (check.kind !== 'probe' || check.scope !== 'operation') throw new Error('an operation check');

  it('sends every named body example, and passes a server that accepts them', async () => {
    const { send, sent } = server(op, () => successStatus(op));
    const ctx = context(send);
    await check.run(ctx, op);
    expect(sent.length).toBeGreaterThanOrEqual(bodyExamples(op).length);
    expect(ctx.findings.failures).toEqual([]);
    expect(ctx.findings.runs).toContainEqual({ operation: op.key, check: 'example-accepted' });
  });

  it('fails a server that refuses an example', async () => {
    const ctx = context(server(op, () => 400).send);
    await check.run(ctx, op);
    expect(ctx.findings.failures[0]).toMatchObject({
      check: 'example-accepted',
      got: expect.stringMatching(/^400 /),
    });
  });
});
