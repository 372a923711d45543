// A client certificate from a CA the engine makes itself is refused: the handshake fails, or the server
// answers with a 4xx. A success means the server accepts a certificate from any CA. Tried once.
import { describeAnswer } from '../judge/describe.js';
import { requestFor } from '../requests/build.js';
import { firstBody } from '../requests/encode.js';
import { type CheckContext, ConnectionError } from '../types.js';
import { isClientError } from './call.js';
import type { ProbeCheck } from './check.js';

const id = 'foreign-client-certificate-refused';

export const foreignClientCertificateRefused: ProbeCheck = {
  id,
  kind: 'probe',
  scope: 'contract',
  level: 'error',
  rationale: "a client certificate from a CA that is not the environment's is refused (§5)",
  run: async (ctx: CheckContext) => {
    const [op] = ctx.model.operations;
    if (!op) return;
    const body = firstBody(op);
    const probe = {
      ...requestFor(op, { seed: ctx.options.seed, ...(body && { body }) }),
      foreignClientCertificate: true,
    };
    ctx.findings.ran(op, id);
    try {
      const answer = await ctx.send(probe);
      if (!isClientError(answer.status))
        ctx.findings.fail(op, id, 'handshake refused or a 4xx', describeAnswer(answer), probe, answer);
    } catch (error) {
      if (!(error instanceof ConnectionError)) throw error; // refused: as required
    }
  },
};
