// A valid token of another environment, sent with this environment's client certificate, is refused
// (401 or 403): the contract (§5.2) ties a token to the environment of the certificate.
import { bearerScopes, type Operation } from '@banking-api/contract';
import { describeAnswer } from '../../judge/describe.js';
import type { CheckContext } from '../../types.js';
import type { ProbeCheck } from '../check.js';
import { call } from './call.js';
import { runRequest } from './run-request.js';

const id = 'cross-environment-refused';

export const crossEnvironmentRefused: ProbeCheck = {
  id,
  kind: 'probe',
  scope: 'operation',
  level: 'error',
  rationale: "a token of another environment than the certificate's is refused (§5.2): 401 or 403",
  run: async (ctx: CheckContext, op: Operation) => {
    if (bearerScopes(op).length === 0) return;
    if (!ctx.options.credentials?.includes('other-environment')) {
      ctx.findings.note(
        'contract',
        id,
        'skipped: give a valid token of another environment (--other-env-token)',
      );
      return;
    }
    const probe = runRequest(ctx, op, { credential: 'other-environment', refusal: 'environment' });
    const answer = await call(ctx, op, probe);
    ctx.findings.ran(op, id);
    if (answer.status !== 401 && answer.status !== 403)
      ctx.findings.fail(op, id, '401 or 403', describeAnswer(answer), probe, answer);
  },
};
