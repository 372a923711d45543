// An operation that asks for a Bearer token refuses a request without one with 401.
import { bearerScopes, type Operation } from '@banking-api/contract';
import type { CheckContext } from '../../types.js';
import type { ProbeCheck } from '../check.js';
import { expectStatus } from './call.js';
import { runRequest } from './run-request.js';

export const authRequired: ProbeCheck = {
  id: 'auth-required',
  kind: 'probe',
  scope: 'operation',
  level: 'error',
  rationale: 'no token, no access: 401, the usual HTTP meaning (the contract leaves error codes open)',
  run: async (ctx: CheckContext, op: Operation) => {
    if (bearerScopes(op).length === 0) return;
    const probe = runRequest(ctx, op, { credential: 'none', refusal: 'credential' });
    await expectStatus(ctx, op, 'auth-required', 401, probe);
  },
};
