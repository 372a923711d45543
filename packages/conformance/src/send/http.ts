// The HTTP client of a server under test: undici over mutual TLS with bounded timeouts. The tokens live
// here only; everything else names them by credential.
import { redact, withoutTrailingSlashes } from '@banking-api/contract';
import { Agent, type Dispatcher, request } from 'undici';
import { outgoingHeaders } from '../requests/headers.js';
import {
  type Answer,
  ConnectionError,
  type Credential,
  type Probe,
  type Send,
  UnsendableRequest,
} from '../types.js';
import { failedStageOf, innermostCause } from './failed-stage.js';
import { foreignCertificate } from './foreign-certificate.js';
import { forgeToken } from './forged-token.js';
import { unsendableReason } from './sendable.js';
import { withinDeadline } from './within-deadline.js';

export interface TlsFiles {
  /** PEM contents, not file names. */
  readonly ca: string;
  readonly cert: string;
  readonly key: string;
}

export interface ClientOptions {
  readonly target: string;
  readonly tls: TlsFiles;
  readonly tokens: Tokens;
  /** Per request: connect, headers and body each. */
  readonly timeoutMs?: number;
  /** Per request, all of it: a server that keeps streaming is cut off here (default three timeouts). */
  readonly deadlineMs?: number;
  /** The most of an answer's body read (default 1 MiB): a larger answer fails the request. */
  readonly maxAnswerBytes?: number;
}

/** How much of an answer is read, and for how long at most. */
interface Bounds {
  readonly timeout: number;
  readonly deadline: number;
  readonly maxBytes: number;
}

/** The tokens of a run: the full one, and those the negative checks need when the caller has them. */
export interface Tokens {
  readonly token: string;
  readonly unscoped?: string;
  readonly expired?: string;
  readonly otherEnvironment?: string;
}

export interface Client {
  readonly send: Send;
  close(): Promise<void>;
}

/** A client of `options.target`; close it when done. */
export function createClient(options: ClientOptions): Client {
  const timeout = options.timeoutMs ?? 10_000;
  const bounds: Bounds = {
    timeout,
    deadline: options.deadlineMs ?? 3 * timeout,
    maxBytes: options.maxAnswerBytes ?? 2 ** 20,
  };
  const { ca, cert, key } = options.tls;
  const withCert = new Agent({ connect: { ca, cert, key, timeout }, connections: 8 });
  // A second agent with no client certificate, for the check that the server refuses such a connection.
  const withoutCert = new Agent({ connect: { ca, timeout }, connections: 1, pipelining: 0 });
  // And one with a certificate from a CA of the engine's own, made on first use.
  let foreign: Agent | undefined;
  const foreignAgent = () => {
    foreign ??= new Agent({
      connect: { ca, ...foreignCertificate(), timeout },
      connections: 1,
      pipelining: 0,
    });
    return foreign;
  };
  const base = withoutTrailingSlashes(options.target);
  const agentFor = (probe: Probe) =>
    probe.withoutClientCertificate ? withoutCert : probe.foreignClientCertificate ? foreignAgent() : withCert;
  const send: Send = (probe) =>
    exchange(agentFor(probe), base, probe, bounds, bearer(probe.credential, options.tokens));
  // Bounded too: undici's close waits for every queued request, and a queue can be stuck (sendable.ts).
  const closeOne = (agent: Agent | undefined) =>
    agent && withinDeadline(agent.close(), bounds.deadline, () => agent.destroy());
  const close = async () => {
    await Promise.all([closeOne(withCert), closeOne(withoutCert), closeOne(foreign)]);
  };
  return { send, close };
}

function bearer(credential: Credential, tokens: Tokens): string | undefined {
  const token = tokenFor(credential, tokens);
  return token === undefined ? undefined : `Bearer ${token}`;
}

function tokenFor(credential: Credential, tokens: Tokens): string | undefined {
  switch (credential) {
    case 'none':
      return undefined;
    case 'token':
      return tokens.token;
    case 'unscoped':
      return tokens.unscoped;
    case 'expired':
      return tokens.expired;
    case 'other-environment':
      return tokens.otherEnvironment;
    default:
      return forgeToken(credential, tokens.token);
  }
}

async function exchange(
  dispatcher: Dispatcher,
  base: string,
  probe: Probe,
  { timeout, deadline, maxBytes }: Bounds,
  authorization: string | undefined,
): Promise<Answer> {
  const headers = outgoingHeaders(probe, authorization);
  // The path as the contract writes it: the filled one may hold ids the server issued, or personal data.
  const named = `${probe.method} ${base}${probe.template ?? redact(probe.path.split('?')[0] as string)}`;
  const outgoing = { base, method: probe.method, path: probe.path, headers, body: probe.body?.text };
  const unsendable = unsendableReason(outgoing);
  if (unsendable) throw new UnsendableRequest(`${named}: not sent: ${unsendable}`, unsendable, probe);
  const abort = new AbortController();
  const answer = async (): Promise<Answer> => {
    const res = await request(`${base}${probe.path}`, {
      dispatcher,
      method: probe.method as Dispatcher.HttpMethod,
      headers,
      body: probe.body?.text,
      headersTimeout: timeout,
      bodyTimeout: timeout,
      signal: abort.signal,
    });
    const text = await bodyText(res.body, maxBytes);
    return { status: res.statusCode, mediaType: mediaTypeOf(res.headers), headers: flat(res.headers), text };
  };
  const late = () => {
    const error = new Error(`no whole answer within ${deadline} ms`);
    abort.abort(error);
    throw error;
  };
  try {
    return await withinDeadline(answer(), deadline, late);
  } catch (error) {
    // The reason redacted, as it may quote the server (its certificate's names, for one).
    const reason = redact(describeError(error));
    const { code } = innermostCause(error);
    if (typeof code === 'string' && REFUSED_BY_UNDICI.has(code))
      throw new UnsendableRequest(`${named}: not sent: ${reason}`, reason, probe);
    const stage = failedStageOf(error);
    throw new ConnectionError(`${named}: ${reason}`, {
      stage,
      reason,
      probe,
      cause: redactedCause(error),
    });
  }
}

/**
 * Codes undici throws for a request it will not write (a header, path or method it refuses, a body that
 * does not match its content-length), after sendable.ts has already turned away the ones it knows.
 */
const REFUSED_BY_UNDICI = new Set([
  'UND_ERR_INVALID_ARG',
  'UND_ERR_NOT_SUPPORTED',
  'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
]);

/** The body as text, refused past `maxBytes` (the stream is destroyed, so the connection is let go). */
async function bodyText(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw new Error(`the answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function flat(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function mediaTypeOf(headers: Record<string, string | string[] | undefined>): string {
  const value = headers['content-type'];
  const first = Array.isArray(value) ? value[0] : value;
  return (first ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The innermost cause's code and message: undici wraps TLS and socket errors. */
/**
 * The innermost cause as an error of its own with its code and a redacted message: the raw chain may quote
 * the server (its certificate's names), and whoever logs a ConnectionError prints its cause.
 */
function redactedCause(error: unknown): Error {
  const { code, message } = innermostCause(error);
  const cause = new Error(redact(message ?? String(error)));
  return code === undefined ? cause : Object.assign(cause, { code });
}

export function describeError(error: unknown): string {
  const current = innermostCause(error);
  const code = current.code ? `${current.code}: ` : '';
  return `${code}${current.message ?? String(error)}`;
}
