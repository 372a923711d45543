// An account-scoped operation refuses a request without x-account-id with 400.
import { ACCOUNT_HEADER, type Operation } from '@banking-api/contract';
import type { CheckContext } from '../../types.js';
import type { ProbeCheck } from '../check.js';
import { expectStatus } from './call.js';
import { runRequest } from './run-request.js';

export const accountHeaderRequired: ProbeCheck = {
  id: 'account-header-required',
  kind: 'probe',
  scope: 'operation',
  level: 'error',
  rationale: 'which account a request acts on is never guessed: the account header guide states the 400',
  run: async (ctx: CheckContext, op: Operation) => {
    if (!op.accountHeader) return;
    const probe = runRequest(ctx, op, { omit: [ACCOUNT_HEADER], refusal: 'validation' });
    await expectStatus(ctx, op, 'account-header-required', 400, probe);
  },
};
