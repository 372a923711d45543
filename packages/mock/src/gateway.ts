// The HTTPS front of the mock. Each request goes through named steps: the TLS handshake demands a client
// certificate from one of the environment CAs; then route (which operation, by the model), authenticate
// (the dev token, for the certificate's environment), authorize (the operation's Bearer scopes), and
// forward to Prism, whose error answers come back as the contract's error envelope.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server, type ServerOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { type ContractModel, createRouter, type RouteMatch, type RouteResult } from '@banking-api/contract';
import { Pool } from 'undici';
import { authenticate, authorizeScopes, environmentReader } from './access.ts';
import type { DevPki, Environment } from './dev-pki.ts';
import { type ErrorEnvelope, envelope } from './envelope.ts';
import { forward, type PrismLink, sendEnvelope, type Violation } from './forward.ts';
import { type GatewayHooks, type HookAnswer, type RequestContext, sendHookAnswer } from './hooks.ts';
import { TokenVerifier } from './tokens.ts';

export type { Violation } from './forward.ts';

export interface GatewayOptions {
  pki: DevPki;
  prism: { host: string; port: number };
  /** The contract whose operations and scopes the gateway routes and checks by. */
  model: ContractModel;
  /** mock: dev tokens are checked and Prism's errors become envelopes. proxy: both pass through untouched. */
  mode: 'mock' | 'proxy';
  host?: string;
  /** 0: a free port. */
  port?: number;
  /** Called for every answer that carries contract violations (Prism's `sl-violations`). */
  onViolation?: (violation: Violation) => void;
  /** The mock's own features (state, faults, journal, admin route): see hooks.ts. */
  hooks?: GatewayHooks;
}

export interface Gateway {
  server: Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const prism: PrismLink = {
    pool: new Pool(`http://${options.prism.host}:${options.prism.port}`, { pipelining: 1 }),
    mode: options.mode,
    onViolation: options.onViolation,
  };
  const handle = options.mode === 'proxy' ? passThrough(prism) : checkThenForward(prism, options);
  const server = createServer(tlsOptions(options.pki), handle);
  server.on('clientError', answerMalformedHttp);
  server.on('tlsClientError', () => {}); // a failed handshake ends that connection only
  await listen(server, options.host ?? '127.0.0.1', options.port ?? 0);
  return gatewayOf(server, prism.pool);
}

/** No client certificate, or one from another CA: the handshake fails, before any HTTP. */
function tlsOptions(pki: DevPki): ServerOptions {
  return {
    key: pki.server.key,
    cert: pki.server.cert,
    ca: Object.values(pki.cas),
    requestCert: true,
    rejectUnauthorized: true,
    minVersion: 'TLSv1.2',
    handshakeTimeout: 10_000, // a stalled handshake holds a socket: drop it sooner than the default 120 s
  };
}

/** Proxy mode: the real environment judges credentials, so requests go on unchecked. */
function passThrough(prism: PrismLink): Handler {
  return (req, res) => forward(prism, req, res, pathOf(req));
}

/** Mock mode: route, authenticate, authorize, then forward; a refusal is answered here. */
function checkThenForward(prism: PrismLink, options: GatewayOptions): Handler {
  const route = createRouter(options.model);
  const environment = environmentReader(options.pki.cas);
  const verifier = new TokenVerifier(options.pki.jwt.publicKey);
  return (req, res) => {
    const path = pathOf(req);
    const routed = route(req.method ?? 'GET', path);
    const env = environment(req.socket as TLSSocket);
    const ctx: RequestContext = { req, res, path, match: matchOf(routed), env, started: Date.now() };
    const { hooks } = options;
    if (hooks?.onResponse) res.once('close', () => hooks.onResponse?.(ctx, res.statusCode));
    admit(verifier, req.headers.authorization, env, routed, path)
      .then(async (refusal) => {
        if (refusal) return refuse(req, res, refusal);
        const answer: HookAnswer | undefined = await hooks?.onRequest?.(ctx);
        if (answer) return sendHookAnswer(ctx, answer);
        forward(prism, ctx.req, res, path, ctx.match);
      })
      .catch((error: unknown) =>
        res.headersSent
          ? res.destroy()
          : sendEnvelope(res, envelope(500, 'INTERNAL_ERROR', String(error), path)),
      );
  };
}

/** The refusal of a request, if any: token first, then a malformed path, then the operation's scopes. */
async function admit(
  verifier: TokenVerifier,
  authorization: string | undefined,
  env: Environment | undefined,
  routed: RouteResult,
  path: string,
): Promise<ErrorEnvelope | undefined> {
  const authentication = await authenticate(verifier, authorization, env, path);
  if ('refusal' in authentication) return authentication.refusal;
  return (
    malformedPath(routed, path) ?? authorizeScopes(matchOf(routed)?.operation, authentication.scopes, path)
  );
}

/** A path parameter that cannot be decoded (`%ZZ`) names no operation: a validation error, said here. */
function malformedPath(routed: RouteResult, path: string): ErrorEnvelope | undefined {
  if (routed.kind !== 'bad-path') return undefined;
  const detail = { location: 'path', code: 'invalid', message: routed.reason };
  return envelope(400, 'VALIDATION_ERROR', 'The request is invalid.', path, [detail]);
}

/** The operation a request names; none for unknown paths and methods, which Prism answers (404, 405). */
function matchOf(routed: RouteResult): RouteMatch | undefined {
  return routed.kind === 'match' ? routed.match : undefined;
}

function refuse(req: IncomingMessage, res: ServerResponse, refusal: ErrorEnvelope): void {
  req.resume(); // drain the unread body so the connection stays usable
  sendEnvelope(res, refusal, refusal.status_code === 401 ? { 'www-authenticate': 'Bearer' } : {});
}

/** The request path without the query, still percent-encoded (as the router takes it). */
function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Garbage on the wire: answer what can still be answered, drop the rest; never crash. */
function answerMalformedHttp(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(envelope(400, 'BAD_REQUEST', 'The request is not valid HTTP.', '/'));
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

function gatewayOf(server: Server, prism: Pool): Gateway {
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    server,
    port,
    url: `https://${host}:${port}`,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await prism.close();
    },
  };
}
