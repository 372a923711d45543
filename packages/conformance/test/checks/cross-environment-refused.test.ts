import { bearerScopes } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { context, operationWith, registered, server, successStatus } from '../harness.ts';

describe('cross-environment-refused', () => {
  const check = registered('cross-environment-refused');
  const op = operationWith((o) => bearerScopes(o).length > 0, 'a Bearer requirement');
  if (check.kind !== 'probe' || check.scope !== 'operation') throw new Error('an operation check');
  const other = { credentials: ['other-environment' as const] };

  it('passes a 401 or a 403 to the other environment token', async () => {
    for (const status of [401, 403]) {
      const { send, sent } = server(op, (p) => (p.credential === 'other-environment' ? status : 200));
      const ctx = context(send, other);
      await check.run(ctx, op);
      expect(sent.map((p) => p.credential)).toEqual(['other-environment']);
      expect(ctx.findings.failures).toEqual([]);
    }
  });

  it('fails a server that serves a token of another environment', async () => {
    const ctx = context(server(op, () => successStatus(op)).send, other);
    await check.run(ctx, op);
    expect(ctx.findings.failures).toEqual([
      expect.objectContaining({ check: 'cross-environment-refused', expected: '401 or 403' }),
    ]);
  });

  it('is skipped, and says so, without a second environment token', async () => {
    const { send, sent } = server(op, () => successStatus(op));
    const ctx = context(send);
    await check.run(ctx, op);
    expect(sent).toEqual([]);
    expect(ctx.findings.notes[0]?.message).toContain('--other-env-token');
  });
});
