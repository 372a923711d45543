// What the two mutual-TLS checks share: the first operation's valid request, sent once with a TLS identity
// the server must refuse (none, or a certificate from a foreign CA). A refused handshake passes; an answer
// passes unless `deviates` says the server let it through.
import { describeAnswer } from '../../judge/describe.js';
import { type CheckContext, ConnectionError, type Probe } from '../../types.js';
import { runRequest } from './run-request.js';

type Identity = Pick<Probe, 'withoutClientCertificate' | 'foreignClientCertificate'>;

export async function expectConnectionRefused(
  ctx: CheckContext,
  id: string,
  identity: Identity,
  deviates: (status: number) => boolean,
): Promise<void> {
  const [op] = ctx.model.operations;
  if (!op) return;
  const probe = { ...runRequest(ctx, op), ...identity };
  ctx.findings.ran(op, id);
  try {
    const answer = await ctx.send(probe);
    if (deviates(answer.status))
      ctx.findings.fail(op, id, 'handshake refused or a 4xx', describeAnswer(answer), probe, answer);
  } catch (error) {
    if (!(error instanceof ConnectionError)) throw error; // refused: as required
  }
}
