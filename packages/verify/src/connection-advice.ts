// What a failed connection means, in verify's words: which flag to fix for a certificate the server's
// CA does not match, a client certificate the server refused, an address nothing answers at. Node's own
// hints (such as "try running Node.js with --use-system-ca") are about Node, not about this command.
import { type ConnectionError, innermostCause } from '@banking-api/conformance';

const UNTRUSTED_SERVER = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_SIGNATURE_FAILURE',
]);
const NOTHING_THERE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export interface Flags {
  readonly target: string;
  readonly ca: string;
  readonly cert: string;
}

/** One line for a ConnectionError that ended the run: what happened and what to change. */
export function connectionAdvice(error: ConnectionError, flags: Flags): string {
  const { code } = innermostCause(error);
  const text = typeof code === 'string' ? code : '';
  const why = adviceFor(text, flags);
  if (why) return `${why} (${text})`;
  if (error.stage === 'answer')
    return `${error.message}. The server accepts connections but answers nothing: check that it is up and serving ${flags.target}.`;
  return `no answer from the server (${error.message}). Check --target, and that --ca, --cert and --key are the environment's.`;
}

function adviceFor(code: string, { target, ca, cert }: Flags): string | undefined {
  if (UNTRUSTED_SERVER.has(code))
    return `the server's certificate at ${target} is not issued by the CA in --ca ${ca}: give the CA that issued the server's certificate`;
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID')
    return `the server's certificate at ${target} is not valid now (expired or not yet valid): the server's certificate needs renewing`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return `the server's certificate is not issued for the host of --target ${target}: use the host name the certificate names`;
  if (code.startsWith('ERR_SSL_') && code.includes('ALERT'))
    return `the server refused the client certificate --cert ${cert} during the handshake: give the client certificate and key of the environment it serves`;
  if (NOTHING_THERE.has(code))
    return `nothing answers at --target ${target}: check its host and port, and that the server runs`;
  if (code === 'UND_ERR_CONNECT_TIMEOUT')
    return `no connection to --target ${target} within the time-out: check its host, port and firewall`;
  return undefined;
}
