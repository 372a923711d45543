// An expired token of the environment is refused with 401 (run when the caller gives one).
import { bearerScopes, type Operation } from '@banking-api/contract';
import type { CheckContext } from '../../types.js';
import type { ProbeCheck } from '../check.js';
import { expectStatus } from './call.js';
import { runRequest } from './run-request.js';

const id = 'expired-token-refused';

export const expiredTokenRefused: ProbeCheck = {
  id,
  kind: 'probe',
  scope: 'operation',
  level: 'error',
  rationale: 'a token past its exp is no longer a credential: 401',
  run: async (ctx: CheckContext, op: Operation) => {
    if (bearerScopes(op).length === 0) return;
    if (!ctx.options.credentials?.includes('expired')) {
      ctx.findings.note(
        'contract',
        id,
        'skipped: give an expired token of the environment (--expired-token)',
      );
      return;
    }
    const probe = runRequest(ctx, op, { credential: 'expired', refusal: 'credential' });
    await expectStatus(ctx, op, id, 401, probe);
  },
};
