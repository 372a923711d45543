// Proxy mode's last hop, inside the mock's process: Prism's forwarder (its `forward` component) replaced by
// one that speaks mutual TLS to the real environment with the team's own certificate, and sends the team's
// own token there. So the mock listens on one port only, behind its own mutual TLS, dev-token and scope
// checks (gateway/serve.ts): no plain-HTTP hop on loopback that anyone on the machine could use to reach the
// real environment with the team's credentials. The mock's dev token never leaves the mock. Bounded: a
// deadline per request, and an answer read up to a size.
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, request } from 'node:https';
import { isIP } from 'node:net';
import {
  type IHttpRequest,
  type IHttpResponse,
  type PrismHttpComponents,
  ProblemJsonError,
} from '@stoplight/prism-http';
import { UPSTREAM_NOT_IMPLEMENTED } from '@stoplight/prism-http/dist/forwarder/errors.js';
import {
  createUnauthorisedResponse,
  createUnprocessableEntityResponse,
} from '@stoplight/prism-http/dist/mocker/index.js';
import type { ProxyOptions } from '../api/options.ts';
import { hopByHopHeaders } from '../http/hop-by-hop.ts';

/** How long the real environment has to answer, and how much of an answer is read. */
const UPSTREAM_TIMEOUT_MS = 30_000;
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

type Forward = PrismHttpComponents['forward'];
type Either<T> = { _tag: 'Left'; left: Error } | { _tag: 'Right'; right: T };

/** The real environment's base URL, checked: https only. */
export function upstreamUrl(options: ProxyOptions): URL {
  const url = new URL(options.upstream);
  if (url.protocol !== 'https:') throw new Error(`--proxy needs an https:// URL, got ${options.upstream}`);
  return url;
}

/** Prism's `forward` component for `options`: the request sent over mutual TLS; `close()` ends its connections. */
export function upstreamForward(options: ProxyOptions): { forward: Forward; close(): void } {
  const base = upstreamUrl(options);
  const agent = new Agent({ keepAlive: true, cert: options.cert, key: options.key, ca: options.ca });
  const forward = ((input: { data: IHttpRequest; validations: unknown[] }) =>
    () =>
    async (): Promise<Either<IHttpResponse>> => {
      // Prism passes the request's violations only under --errors: then an invalid request is not sent on.
      if (input.validations.length) return { _tag: 'Left', left: refusalOf(input.validations) };
      try {
        const answer = await send(agent, base, input.data, await tokenOf(options));
        if (answer.statusCode === 501)
          return { _tag: 'Left', left: ProblemJsonError.fromTemplate(UPSTREAM_NOT_IMPLEMENTED) };
        return { _tag: 'Right', right: answer };
      } catch (error) {
        const body = `The upstream ${base.origin} could not be reached: ${(error as Error).message}`;
        return { _tag: 'Right', right: { statusCode: 502, headers: { 'content-type': 'text/plain' }, body } };
      }
    }) as unknown as Forward;
  return { forward, close: () => agent.destroy() };
}

/** What Prism's own forwarder answers an invalid request under --errors (401 or 422). */
function refusalOf(validations: unknown[]): Error {
  const security = (validations as { code?: unknown; tags?: string[] }[]).find((v) => v.code === 401);
  return security
    ? createUnauthorisedResponse(security.tags)
    : createUnprocessableEntityResponse(
        validations as Parameters<typeof createUnprocessableEntityResponse>[0],
      );
}

async function tokenOf({ token }: ProxyOptions): Promise<string | undefined> {
  return typeof token === 'function' ? await token() : token;
}

/** One request to the real environment: its answer, the body parsed as JSON where it says it is JSON. */
function send(
  agent: Agent,
  base: URL,
  input: IHttpRequest,
  token: string | undefined,
): Promise<IHttpResponse> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.url.query ?? {}))
    for (const one of Array.isArray(value) ? value : [value]) query.append(name, String(one));
  const path = `${base.pathname.replace(/\/$/, '')}${input.url.path}${query.size ? `?${query}` : ''}`;
  const method = input.method.toUpperCase();
  const body = method === 'GET' || method === 'HEAD' ? undefined : serialized(input.body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: base.hostname,
        port: base.port || 443,
        method,
        path,
        headers: headersFor(input.headers ?? {}, base, token, body),
        agent,
        timeout: UPSTREAM_TIMEOUT_MS,
        ...(isIP(base.hostname) ? {} : { servername: base.hostname }),
      },
      (answer) => {
        const chunks: Buffer[] = [];
        let size = 0;
        answer.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES)
            outgoing.destroy(new Error(`it answered more than ${MAX_ANSWER_BYTES} bytes`));
          else chunks.push(chunk);
        });
        answer.once('error', reject);
        answer.once('end', () =>
          resolve(responseOf(answer.statusCode ?? 502, answer.headers, Buffer.concat(chunks))),
        );
      },
    );
    outgoing.once('timeout', () => outgoing.destroy(new Error(`no answer within ${UPSTREAM_TIMEOUT_MS} ms`)));
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}

/** The request's end-to-end headers for the real environment: its own host, and the team's token, not the mock's. */
function headersFor(
  given: Record<string, string>,
  base: URL,
  token: string | undefined,
  body: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(given))
    if (!hopByHopHeaders.includes(name.toLowerCase()) && !dropped.has(name.toLowerCase()))
      headers[name] = value;
  headers.host = base.host;
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return headers;
}

// The mock's own credential, the length of a body the mock re-serializes, and encodings it would have to
// undo (the answer is read as sent) never go on.
const dropped = new Set(['host', 'authorization', 'content-length', 'accept-encoding']);

const serialized = (body: unknown): string | undefined =>
  body === null || body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);

/** The answer as Prism's forwarder makes it: headers joined, a JSON body parsed, any other as text. */
function responseOf(status: number, headers: IncomingHttpHeaders, bytes: Buffer): IHttpResponse {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(',') : value;
  const text = bytes.toString('utf8');
  const json = status !== 204 && /^application\/(?:[\w.+-]+\+)?json\b/i.test(flat['content-type'] ?? '');
  let body: unknown = text;
  if (json)
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  return { statusCode: status, headers: flat, body };
}
