// A connection without a client certificate is refused: the handshake fails, or the server answers with
// an error. A success means the server does not enforce mutual TLS. Tried once, on the first operation.
import { describeAnswer } from '../judge/describe.js';
import { requestFor } from '../requests/build.js';
import { firstBody } from '../requests/encode.js';
import { type CheckContext, ConnectionError } from '../types.js';
import { isSuccess } from './call.js';
import type { ProbeCheck } from './check.js';

const id = 'client-certificate-required';

export const clientCertificateRequired: ProbeCheck = {
  id,
  kind: 'probe',
  scope: 'contract',
  level: 'error',
  rationale: 'the contract requires mutual TLS: no client certificate, no service',
  run: async (ctx: CheckContext) => {
    const [op] = ctx.model.operations;
    if (!op) return;
    const body = firstBody(op);
    const probe = {
      ...requestFor(op, { seed: ctx.options.seed, ...(body && { body }) }),
      withoutClientCertificate: true,
    };
    ctx.findings.ran(op, id);
    try {
      const answer = await ctx.send(probe);
      if (isSuccess(answer.status) || answer.status >= 500)
        ctx.findings.fail(op, id, 'handshake refused or a 4xx', describeAnswer(answer), probe, answer);
    } catch (error) {
      if (!(error instanceof ConnectionError)) throw error; // refused: as required
    }
  },
};
