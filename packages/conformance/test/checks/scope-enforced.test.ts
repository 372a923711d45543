import { bearerScopes } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { context, operationWith, registered, server, successStatus } from '../harness.ts';

describe('scope-enforced', () => {
  const check = registered('scope-enforced');
  const op = operationWith((o) => bearerScopes(o).some((set) => set.length > 0), 'a Bearer scope');
  if (check.kind !== 'probe' || check.scope !== 'operation') throw new Error('an operation check');

  it('sends one request with the unscoped token and passes a 403', async () => {
    const { send, sent } = server(op, (p) => (p.credential === 'unscoped' ? 403 : successStatus(op)));
    const ctx = context(send);
    await check.run(ctx, op);
    expect(sent.map((p) => p.credential)).toEqual(['unscoped']);
    expect(ctx.findings.failures).toEqual([]);
  });

  it('fails a server that lets a token without the scope through', async () => {
    const ctx = context(server(op, () => successStatus(op)).send);
    await check.run(ctx, op);
    expect(ctx.findings.failures).toEqual([
      expect.objectContaining({ check: 'scope-enforced', expected: '403' }),
    ]);
  });

  it('does not run without a token without scopes', async () => {
    const { send, sent } = server(op, () => successStatus(op));
    await check.run(context(send, { scopeChecks: false }), op);
    expect(sent).toEqual([]);
  });
});
