import { bearerScopes } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { context, operationWith, registered, server, successStatus } from '../harness.ts';

describe('auth-required', () => {
  const check = registered('auth-required');
  const op = operationWith((o) => bearerScopes(o).length > 0, 'a Bearer requirement');
  if (check.kind !== 'probe' || check.scope !== 'operation') throw new Error('an operation check');

  it('sends one request without a token and passes a 401', async () => {
    const { send, sent } = server(op, (p) => (p.credential === 'none' ? 401 : successStatus(op)));
    const ctx = context(send);
    await check.run(ctx, op);
    expect(sent.map((p) => p.credential)).toEqual(['none']);
    expect(ctx.findings.failures).toEqual([]);
    expect(ctx.findings.runs).toContainEqual({ operation: op.key, check: 'auth-required' });
  });

  it('fails a server that serves a request without a token', async () => {
    const ctx = context(server(op, () => successStatus(op)).send);
    await check.run(ctx, op);
    expect(ctx.findings.failures).toEqual([
      expect.objectContaining({ check: 'auth-required', expected: '401' }),
    ]);
  });
});
