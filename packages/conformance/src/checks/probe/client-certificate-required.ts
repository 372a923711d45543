// A connection without a client certificate is refused: the handshake fails, or the server answers with
// an error. A success means the server does not enforce mutual TLS. Tried once, on the first operation.
import type { CheckContext } from '../../types.js';
import type { ProbeCheck } from '../check.js';
import { isSuccess } from './call.js';
import { expectConnectionRefused } from './refused-connection.js';

const id = 'client-certificate-required';

export const clientCertificateRequired: ProbeCheck = {
  id,
  kind: 'probe',
  scope: 'contract',
  level: 'error',
  rationale: 'the contract requires mutual TLS: no client certificate, no service',
  run: (ctx: CheckContext) =>
    expectConnectionRefused(
      ctx,
      id,
      { withoutClientCertificate: true },
      (status) => isSuccess(status) || status >= 500,
    ),
};
