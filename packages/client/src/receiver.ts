// `@banking-api/client/receiver`: receiving the platform's notifications in a Node service. A request
// handler (for a node:https server of your own) and a server helper. What the contract gives a receiver is
// mutual TLS (the platform's client certificate) and nothing more: event kinds, payload shapes, signatures
// and the retry schedule are not shown. So the handler requires a verified client certificate (optionally
// pinned), takes POSTs of JSON only, reads at most `maxBodyBytes` within `bodyTimeoutMs`, parses it, and
// answers fast: 204 (or your `successStatus`) once the body is read (your handler then runs), or once your
// handler is done when you ask for that (a failure then answers 500, so that the platform delivers again).
// Its log lines say what came and what was refused, never the body unless asked, and always through the
// shared redaction.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { redact } from '@banking-api/contract';
import { signatureProblem, signingKey } from './receiver-signature.js';

/** One notification as it arrived. */
export interface Notification {
  /** The JSON body, parsed (the contract does not show payload shapes: check what you read). */
  readonly body: unknown;
  /** The body's bytes as sent (what a signature is over). */
  readonly raw: Buffer;
  /** The request's headers, lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly path: string;
  /** The platform's client certificate, as verified by TLS. */
  readonly peer: { readonly subject: string; readonly issuer: string; readonly fingerprint256: string };
  readonly receivedAt: Date;
}

export interface ReceiverOptions {
  /** Called with each notification accepted. Make it idempotent: a notification may come more than once. */
  onNotification(notification: Notification): void | Promise<void>;
  /**
   * `on-receipt` (default): answer 204 as soon as the body is read and parsed, then call `onNotification`
   * (its failures go to `onError`). `after-handler`: answer once it resolved (204) or failed or took longer
   * than `handlerTimeoutMs` (500), so that the platform retries.
   */
  acknowledge?: 'on-receipt' | 'after-handler' | undefined;
  /**
   * The status of an accepted notification: 204 (default), 200 or 202. The contract does not show which 2xx
   * the platform counts as delivered; pick what your platform's team confirms.
   */
  successStatus?: 200 | 202 | 204 | undefined;
  /** Default 5000 ms (`after-handler`). */
  handlerTimeoutMs?: number | undefined;
  /** Bodies larger than this are refused with 413; default 1 MiB. */
  maxBodyBytes?: number | undefined;
  /** A body not read whole within this time is refused with 408; default 10000 ms. */
  bodyTimeoutMs?: number | undefined;
  /** Only client certificates with one of these SHA-256 fingerprints (`AB:CD:…`, as Node writes them). */
  allowedFingerprints?: readonly string[] | undefined;
  /** Only client certificates whose subject CN is one of these. */
  allowedSubjects?: readonly string[] | undefined;
  /** Opt-in Standard Webhooks verification (`whsec_…`): NOT the platform's contract, which shows no signature. */
  standardWebhooksSecret?: string | undefined;
  /** How far a signed timestamp may be from now; default 300 s. */
  toleranceSeconds?: number | undefined;
  /** One line per delivery or refusal, redacted; default none. */
  log?: ((line: string) => void) | undefined;
  /** Also log the body (redacted, cut to 2 KiB); default false. */
  logBodies?: boolean | undefined;
  /** Failures of `onNotification` (with `on-receipt`, nobody else hears of them); default: logged. */
  onError?: ((error: unknown, notification: Notification) => void) | undefined;
}

/** A request handler for a node:https server that asks for client certificates (`requestCert: true`). */
export type WebhookHandler = (req: IncomingMessage, res: ServerResponse) => void;

export function createWebhookHandler(options: ReceiverOptions): WebhookHandler {
  if (![undefined, 200, 202, 204].includes(options.successStatus))
    throw new TypeError('successStatus is 200, 202 or 204');
  const settings = {
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    bodyTimeoutMs: options.bodyTimeoutMs ?? 10_000,
    handlerTimeoutMs: options.handlerTimeoutMs ?? 5_000,
    key:
      options.standardWebhooksSecret === undefined ? undefined : signingKey(options.standardWebhooksSecret),
  };
  const log = (line: string) => options.log?.(redact(line));
  return (req, res) => {
    const refuse = (status: number, why: string, headers: Record<string, string> = {}) => {
      log(`webhook: refused ${req.method} ${pathOf(req)} with ${status}: ${why}`);
      answer(res, status, { error: why }, headers);
      if (!req.complete) req.resume();
    };
    const peer = peerOf(req.socket as TLSSocket);
    const refusal = peerRefusal(peer, options) ?? requestRefusal(req, settings.maxBodyBytes);
    if (refusal) return refuse(refusal.status, refusal.why, refusal.headers);
    readBody(req, settings.maxBodyBytes, settings.bodyTimeoutMs).then(
      (read) => {
        if ('refused' in read) return refuse(read.refused, read.why);
        const headers = headersOf(req);
        const problem =
          settings.key && signatureProblem(settings.key, headers, read.body, options.toleranceSeconds ?? 300);
        if (problem) return refuse(401, `signature: ${problem}`);
        let body: unknown;
        try {
          body = JSON.parse(read.body.toString('utf8'));
        } catch {
          return refuse(400, 'the body is not JSON');
        }
        const notification = {
          body,
          raw: read.body,
          headers,
          path: pathOf(req),
          peer: peer as Peer,
          receivedAt: new Date(),
        };
        log(receipt(notification, options.logBodies === true));
        void deliver(notification, res, options, settings.handlerTimeoutMs, log);
      },
      () => refuse(500, 'the receiver failed to read the request'),
    );
  };
}

type Peer = Notification['peer'];

/** Runs the handler and answers, in the order `acknowledge` asks for. */
async function deliver(
  notification: Notification,
  res: ServerResponse,
  options: ReceiverOptions,
  timeoutMs: number,
  log: (line: string) => void,
): Promise<void> {
  const failed = (error: unknown) => {
    if (options.onError) options.onError(error, notification);
    else log(`webhook: the handler failed: ${String((error as Error)?.message ?? error)}`);
  };
  const run = async () => options.onNotification(notification);
  const accepted = options.successStatus ?? 204;
  if (options.acknowledge !== 'after-handler') {
    answer(res, accepted);
    await run().catch(failed);
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the handler took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([run(), late]);
    answer(res, accepted);
  } catch (error) {
    failed(error);
    answer(res, 500, { error: 'the receiver could not handle the notification' });
  } finally {
    clearTimeout(timer);
  }
}

function peerOf(socket: TLSSocket): Peer | undefined {
  if (typeof socket.getPeerCertificate !== 'function' || !socket.authorized) return undefined;
  const cert = socket.getPeerCertificate();
  if (!cert?.fingerprint256) return undefined;
  const cn = (name: unknown) => String((name as { CN?: unknown } | undefined)?.CN ?? '');
  return { subject: cn(cert.subject), issuer: cn(cert.issuer), fingerprint256: cert.fingerprint256 };
}

/** The client certificate: present, verified, and one of those allowed. */
function peerRefusal(peer: Peer | undefined, options: ReceiverOptions): Refusal | undefined {
  if (!peer) return { status: 401, why: 'a client certificate the receiver trusts is required (mutual TLS)' };
  const { allowedFingerprints: prints, allowedSubjects: subjects } = options;
  if (prints && !prints.some((p) => p.toUpperCase() === peer.fingerprint256.toUpperCase()))
    return { status: 403, why: 'the client certificate is not one this receiver allows' };
  if (subjects && !subjects.includes(peer.subject))
    return { status: 403, why: 'the client certificate is not one this receiver allows' };
  return undefined;
}

interface Refusal {
  status: number;
  why: string;
  headers?: Record<string, string>;
}

/** A POST of JSON within the size bound, by what its head says. */
function requestRefusal(req: IncomingMessage, maxBodyBytes: number): Refusal | undefined {
  if (req.method !== 'POST') return { status: 405, why: 'only POST is taken', headers: { allow: 'POST' } };
  const type =
    String(req.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase() ?? '';
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]*\+json$/.test(type))
    return { status: 415, why: 'the body must be JSON (content-type application/json)' };
  if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes)
    return { status: 413, why: `the body is larger than ${maxBodyBytes} bytes` };
  return undefined;
}

type Read = { body: Buffer } | { refused: number; why: string };

/** The body, read within its bounds of size and time. */
function readBody(req: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<Read> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (read: Read) => {
      clearTimeout(timer);
      req.removeAllListeners('data');
      resolve(read);
    };
    const timer = setTimeout(
      () => done({ refused: 408, why: `the body did not arrive within ${timeoutMs} ms` }),
      timeoutMs,
    );
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) done({ refused: 413, why: `the body is larger than ${maxBytes} bytes` });
      else chunks.push(chunk);
    });
    req.on('end', () => done({ body: Buffer.concat(chunks) }));
    req.on('error', () => done({ refused: 400, why: 'the request broke off' }));
  });
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

const pathOf = (req: IncomingMessage) => (req.url ?? '/').split('?')[0] ?? '/';

function receipt(n: Notification, withBody: boolean): string {
  const body = withBody ? ` body ${n.raw.toString('utf8').slice(0, 2048)}` : '';
  return `webhook: received POST ${n.path}, ${n.raw.length} bytes, from ${n.peer.subject} (issued by ${n.peer.issuer})${body}`;
}

function answer(
  res: ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  const text = body === undefined ? '' : JSON.stringify(body);
  const type: Record<string, string> = text ? { 'content-type': 'application/json' } : {};
  res.writeHead(status, { ...type, ...headers, 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}
