// Access: no token → 401; a token without the operation's scope → 403 (with --unscoped-token); no
// x-account-id where the operation requires it → 400. Each probe is otherwise the operation's first example.
import { ACCOUNT_HEADER, bearerScopes, type Operation } from '@banking-api/contract';
import { firstBody, probeFor } from '../inputs.ts';
import { describeAnswer } from '../responses.ts';
import type { CheckContext, Probe } from '../types.ts';
import { call } from './call.ts';

export async function authChecks(ctx: CheckContext, op: Operation): Promise<void> {
  const body = firstBody(op);
  const probe = (parts: Parameters<typeof probeFor>[2]) =>
    probeFor(op, ctx.options.seed, { ...parts, ...(body ? { body } : {}) });
  const scopes = bearerScopes(op);
  if (scopes.length > 0) await expectStatus(ctx, op, 'auth-required', 401, probe({ credential: 'none' }));
  if (ctx.options.scopeChecks && scopes.length > 0 && scopes.every((alternative) => alternative.length > 0))
    await expectStatus(ctx, op, 'scope-enforced', 403, probe({ credential: 'unscoped' }));
  if (op.accountHeader)
    await expectStatus(ctx, op, 'account-header-required', 400, probe({ omit: [ACCOUNT_HEADER] }));
}

async function expectStatus(
  ctx: CheckContext,
  op: Operation,
  check: string,
  status: number,
  probe: Probe,
): Promise<void> {
  const answer = await call(ctx, op, probe);
  ctx.findings.ran(op, check);
  if (answer.status !== status) ctx.findings.fail(op, check, String(status), describeAnswer(answer), probe);
}
