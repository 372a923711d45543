// A client certificate from a CA the engine makes itself is refused: the handshake fails, or the server
// answers with a 4xx. A success means the server accepts a certificate from any CA. Tried once.
import type { CheckContext } from '../../types.js';
import type { ProbeCheck } from '../check.js';
import { isClientError } from './call.js';
import { expectConnectionRefused } from './refused-connection.js';

const id = 'foreign-client-certificate-refused';

export const foreignClientCertificateRefused: ProbeCheck = {
  id,
  kind: 'probe',
  scope: 'contract',
  level: 'error',
  rationale: "a client certificate from a CA that is not the environment's is refused (§5)",
  run: (ctx: CheckContext) =>
    expectConnectionRefused(ctx, id, { foreignClientCertificate: true }, (status) => !isClientError(status)),
};
