// A token forged from the real one — its signature altered, re-headed as `alg: none`, its signature
// stripped — is refused with 401 on every operation that asks for a Bearer token: the server checks the
// signature, not only the claims.
import { bearerScopes, type Operation } from '@banking-api/contract';
import type { CheckContext, ForgedToken } from '../../types.js';
import type { ProbeCheck } from '../check.js';
import { expectStatus } from './call.js';
import { runRequest } from './run-request.js';

const id = 'forged-token-refused';
const FORGERIES: readonly ForgedToken[] = ['altered-signature', 'alg-none', 'signature-stripped'];

export const forgedTokenRefused: ProbeCheck = {
  id,
  kind: 'probe',
  scope: 'operation',
  level: 'error',
  rationale: 'a token whose signature is altered, absent or alg none proves nothing: 401',
  run: async (ctx: CheckContext, op: Operation) => {
    if (bearerScopes(op).length === 0) return;
    if (!ctx.options.forgeableToken) {
      ctx.findings.note('contract', id, 'skipped: --token is not a JWS (header.payload.signature)');
      return;
    }
    for (const credential of FORGERIES) {
      const probe = runRequest(ctx, op, { credential, refusal: 'credential' });
      await expectStatus(ctx, op, id, 401, probe);
    }
  },
};
