import { bearerScopes } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { context, operationWith, registered, server, successStatus } from '../harness.ts';

describe('expired-token-refused', () => {
  const check = registered('expired-token-refused');
  const op = operationWith((o) => bearerScopes(o).length > 0, 'a Bearer requirement');
  if (check.kind !== 'probe' || check.scope !== 'operation') throw new Error('an operation check');

  it('sends the expired token and passes a 401', async () => {
    const { send, sent } = server(op, (p) => (p.credential === 'expired' ? 401 : successStatus(op)));
    const ctx = context(send, { credentials: ['expired'] });
    await check.run(ctx, op);
    expect(sent.map((p) => p.credential)).toEqual(['expired']);
    expect(ctx.findings.failures).toEqual([]);
  });

  it('fails a server that serves an expired token', async () => {
    const ctx = context(server(op, () => successStatus(op)).send, { credentials: ['expired'] });
    await check.run(ctx, op);
    expect(ctx.findings.failures).toEqual([
      expect.objectContaining({ check: 'expired-token-refused', expected: '401' }),
    ]);
  });

  it('is skipped, and says so, without an expired token', async () => {
    const { send, sent } = server(op, () => successStatus(op));
    const ctx = context(send);
    await check.run(ctx, op);
    expect(sent).toEqual([]);
    expect(ctx.findings.notes[0]?.message).toContain('--expired-token');
  });
});
