// A connection without a client certificate is refused: the handshake fails, or the server answers
// with an error. A success means the server does not enforce mutual TLS.
import type { Operation } from '@banking-api/contract';
import { firstBody, probeFor } from '../inputs.ts';
import { describeAnswer } from '../responses.ts';
import { type CheckContext, ConnectionError } from '../types.ts';
import { isSuccess } from './call.ts';

const check = 'client-certificate-required';

export async function tlsCheck(ctx: CheckContext, op: Operation): Promise<void> {
  const body = firstBody(op);
  const probe = {
    ...probeFor(op, ctx.options.seed, body ? { body } : {}),
    withoutClientCertificate: true,
  };
  ctx.findings.ran(op, check);
  try {
    const answer = await ctx.send(probe);
    if (isSuccess(answer.status) || answer.status >= 500)
      ctx.findings.fail(op, check, 'handshake refused or a 4xx', describeAnswer(answer), probe);
  } catch (error) {
    if (!(error instanceof ConnectionError)) throw error; // refused: as required
  }
}
