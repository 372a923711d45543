import { ACCOUNT_HEADER } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { context, operationWith, registered, server, successStatus } from '../harness.ts';

describe('account-header-required', () => {
  const check = registered('account-header-required');
  const op = operationWith((o) => o.accountHeader, 'a required x-account-id');
  if (check.kind !== 'probe' || check.scope !== 'operation') throw new Error('an operation check');

  it('sends the request without the header and passes a 400', async () => {
    const { send, sent } = server(op, (p) => (ACCOUNT_HEADER in p.headers ? successStatus(op) : 400));
    const ctx = context(send);
    await check.run(ctx, op);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers).not.toHaveProperty(ACCOUNT_HEADER);
    expect(ctx.findings.failures).toEqual([]);
  });

  it('fails a server that serves it anyway', async () => {
    const ctx = context(server(op, () => successStatus(op)).send);
    await check.run(ctx, op);
    expect(ctx.findings.failures).toEqual([
      expect.objectContaining({ check: 'account-header-required', expected: '400' }),
    ]);
  });
});
