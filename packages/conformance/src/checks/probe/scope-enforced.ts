// A token without the operation's scope is refused with 403 (run when a token without scopes is given).
import { bearerScopes, type Operation } from '@banking-api/contract';
import type { CheckContext } from '../../types.js';
import type { ProbeCheck } from '../check.js';
import { expectStatus } from './call.js';
import { runRequest } from './run-request.js';

export const scopeEnforced: ProbeCheck = {
  id: 'scope-enforced',
  kind: 'probe',
  scope: 'operation',
  level: 'error',
  rationale: 'a token without the right scope never gets through',
  run: async (ctx: CheckContext, op: Operation) => {
    const scopes = bearerScopes(op);
    if (scopes.length === 0 || scopes.some((set) => set.length === 0)) return;
    if (!ctx.options.scopeChecks) {
      const why = "skipped: give a token without the operations' scopes (--unscoped-token)";
      ctx.findings.note('contract', 'scope-enforced', why);
      return;
    }
    const probe = runRequest(ctx, op, { credential: 'unscoped', refusal: 'scope' });
    await expectStatus(ctx, op, 'scope-enforced', 403, probe);
  },
};
