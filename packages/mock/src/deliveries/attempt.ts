// One delivery attempt: a POST over HTTPS to a registered URL, the mock presenting its webhook client
// certificate (pki/, `webhook-client.pem`, issued by `webhook-ca.pem`), trusting the receivers' CA it was
// given (else Node's). Every wait is bounded — the TCP connect and TLS handshake together, the whole
// attempt — and at most `maxAnswerBytes` of the answer are read, so a receiver that is slow, never finishes
// its handshake, answers without end or resets the connection fails the attempt and holds nothing.
import type { ClientRequest, IncomingMessage } from 'node:http';
import { request } from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { DeliveryLimits } from '../api/limits.ts';

/** What the mock presents, and whom it trusts, when it delivers. */
export interface DeliveryIdentity {
  /** The webhook client certificate and key (PEM). */
  cert: string;
  key: string;
  /** The CA(s) of the receivers' server certificates (PEM); none: Node's bundled CAs. */
  ca?: string | undefined;
}

export interface AttemptRequest {
  url: URL;
  body: Buffer;
  headers: Readonly<Record<string, string>>;
}

export interface AttemptResult {
  /** The receiver's status, when an answer's head came. */
  status?: number;
  latencyMs: number;
  /** Why the attempt got no answer (or no whole one in time). */
  error?: string;
  /** The first bytes of the answer (at most `maxAnswerBytes`), for the journal. */
  answer?: Buffer;
  /** The answer's bytes read before the attempt ended. */
  answerBytes: number;
}

type Limits = Pick<DeliveryLimits, 'connectTimeoutMs' | 'attemptTimeoutMs' | 'maxAnswerBytes'>;

export function deliverOnce(
  target: AttemptRequest,
  identity: DeliveryIdentity,
  limits: Limits,
  signal: AbortSignal,
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const got: Got = { chunks: [], read: 0 };
    let status: number | undefined;
    let done = false;
    const finish = (error?: string) => {
      if (done) return;
      done = true;
      clearTimeout(connectTimer);
      clearTimeout(attemptTimer);
      signal.removeEventListener('abort', onAbort);
      req.destroy();
      const answer = got.chunks.length ? Buffer.concat(got.chunks) : undefined;
      resolve({
        ...(status !== undefined && { status }),
        latencyMs: elapsed(),
        ...(error && { error }),
        ...(answer && { answer }),
        answerBytes: got.read,
      });
    };
    const req = requestTo(target, identity);
    const connectTimer = setTimeout(
      () => finish(`timeout: no TLS connection within ${limits.connectTimeoutMs} ms`),
      limits.connectTimeoutMs,
    );
    const attemptTimer = setTimeout(
      () => finish(`timeout: no whole answer within ${limits.attemptTimeoutMs} ms`),
      limits.attemptTimeoutMs,
    );
    const onAbort = () => finish('cancelled: the session was reset or closed, or the mock stopped');
    signal.addEventListener('abort', onAbort, { once: true });
    req.on('socket', (socket) =>
      (socket as TLSSocket).once('secureConnect', () => clearTimeout(connectTimer)),
    );
    req.on('error', (error: NodeJS.ErrnoException) => finish(reasonOf(error)));
    req.on('response', (response) => {
      status = response.statusCode;
      readAnswer(response, limits.maxAnswerBytes, got, finish);
    });
    if (signal.aborted) onAbort();
    else req.end(target.body);
  });
}

/** The answer's bytes so far: its first chunks (up to the bound) and how many were read. */
interface Got {
  chunks: Buffer[];
  read: number;
}

/** The POST to the receiver, presenting the mock's webhook client certificate; no connection reused. */
function requestTo(target: AttemptRequest, identity: DeliveryIdentity): ClientRequest {
  const { url } = target;
  return request({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port || 443,
    path: `${url.pathname}${url.search}`,
    method: 'POST',
    agent: false,
    cert: identity.cert,
    key: identity.key,
    ...(identity.ca && { ca: identity.ca }),
    headers: { ...target.headers, 'content-length': String(target.body.length) },
  });
}

/** Reads the answer into `got` up to `maxBytes`, then finishes: the status is what counts, not the rest. */
function readAnswer(
  response: IncomingMessage,
  maxBytes: number,
  got: Got,
  finish: (error?: string) => void,
): void {
  response.on('data', (chunk: Buffer) => {
    const room = maxBytes - got.read;
    got.read += chunk.length;
    if (room > 0) got.chunks.push(chunk.subarray(0, room));
    if (got.read >= maxBytes) finish();
  });
  response.on('end', () => finish());
  response.on('error', (error: NodeJS.ErrnoException) => finish(reasonOf(error)));
}

/** The error in a few words: its code (ECONNRESET, CERT_HAS_EXPIRED) and message, without the body. */
function reasonOf(error: NodeJS.ErrnoException): string {
  const message = String(error.message ?? error).slice(0, 200);
  return error.code && !message.includes(error.code) ? `${error.code}: ${message}` : message;
}
