// The HTTPS front of the mock. The TLS handshake demands a client certificate from one of the
// environment CAs; then each request goes through named steps: read the target (once: every later
// step sees the same normalized path), route it by the model, admit it (token, environment, scopes),
// let the mock's features answer (hooks.ts: admin route, faults, stateful sandbox), else answer it
// (answering.ts: its body checked, then stubs, the fast path or Prism), and send the answer. A fault in any step
// answers that request alone with a 500 envelope, logged with its request id; other requests go on.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server, type ServerOptions } from 'node:https';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import {
  type ContractModel,
  createRouter,
  type Operation,
  type RouteResult,
  redact,
} from '@banking-api/contract';
import { authenticate, authorizeScopes, environmentReader } from './access.ts';
import { type AnswerSteps, answerOf } from './answering.ts';
import { bodyReader } from './body.ts';
import type { DevPki, Environment } from './dev-pki.ts';
import { type ErrorEnvelope, envelope } from './envelope.ts';
import { ExampleAnswers } from './fast-path.ts';
import { type Answer, envelopeAnswer, send, type Violation } from './forward.ts';
import type { GatewayHooks, HookAnswer, RequestContext } from './hooks.ts';
import { applyServerLimits, type Limits, limitsWith, serverLimitOptions } from './limits.ts';
import { plainHttpFront } from './plain-http.ts';
import type { PrismEngine } from './prism-engine.ts';
import { leavingBody, malformed, refusalAnswer } from './refusal.ts';
import { type ResourceTarget, readTarget, sentPath, type Target } from './target.ts';
import { TokenVerifier } from './tokens.ts';

export type { Answer, Violation } from './forward.ts';
export type { GatewayHooks, HookAnswer, RequestContext } from './hooks.ts';

export interface GatewayOptions {
  pki: DevPki;
  /** Prism, in this process. */
  engine: PrismEngine;
  /** The contract whose operations and scopes the gateway routes and checks by. */
  model: ContractModel;
  /** mock: dev tokens are checked and Prism's errors become envelopes. proxy: both pass through untouched. */
  mode: 'mock' | 'proxy';
  host?: string;
  /** 0: a free port. */
  port?: number;
  /** Changes to the default limits (timeouts, sizes, connection cap, clock skew). */
  limits?: Partial<Limits>;
  /** Called for every answer that carries contract violations. */
  onViolation?: (violation: Violation) => void;
  /** Where faults are logged, one line each with the request id; default stderr. */
  log?: (line: string) => void;
  /** The mock's own features (state, faults, journal, admin route): see hooks.ts. */
  hooks?: GatewayHooks;
  /** Give Prism's answer to a valid request again without asking Prism (fast-path.ts); default on. */
  fastPath?: boolean;
}

export interface Gateway {
  server: Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

/** What the steps share for the gateway's life. */
interface Steps extends AnswerSteps {
  options: GatewayOptions;
  environment(req: IncomingMessage): Environment | undefined;
  admit(ctx: RequestContext, routed: RouteResult, path: string): Promise<ErrorEnvelope | undefined>;
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const limits = limitsWith(options.limits);
  const steps: Steps = {
    options,
    mode: options.mode,
    engine: options.engine,
    limits,
    route: createRouter(options.model),
    examples: options.fastPath === false ? undefined : new ExampleAnswers(),
    hooks: options.hooks,
    onViolation: options.onViolation,
    environment: socketEnvironment(options.pki),
    admit: options.mode === 'mock' ? admission(options.pki, limits) : async () => undefined,
    log: options.log ?? ((line) => process.stderr.write(`${line}\n`)),
  };
  const server = createServer(
    { ...tlsOptions(options.pki, limits), ...serverLimitOptions(limits) },
    (req, res) => handle(steps, req, res),
  );
  const front = plainHttpFront(server);
  applyServerLimits(front, server, limits);
  server.on('clientError', answerMalformedHttp);
  server.on('tlsClientError', () => {}); // a failed handshake ends that connection only
  await listen(front, options.host ?? '127.0.0.1', options.port ?? 0);
  // The TLS server listens through the front; node:http starts its header and request timers when a
  // server says it is listening.
  server.emit('listening');
  return gatewayOf(server, front);
}

/** No client certificate, or one from another CA: the handshake fails, before any HTTP. */
function tlsOptions(pki: DevPki, limits: Limits): ServerOptions {
  return {
    key: pki.server.key,
    cert: pki.server.cert,
    ca: Object.values(pki.cas),
    requestCert: true,
    rejectUnauthorized: true,
    minVersion: 'TLSv1.2',
    handshakeTimeout: limits.handshakeTimeoutMs,
  };
}

/** One request, isolated: whatever goes wrong answers this request and is logged with its id. */
function handle(steps: Steps, req: IncomingMessage, res: ServerResponse): void {
  const requestId = requestIdOf(req);
  res.setHeader('x-request-id', requestId);
  serve(steps, req, res, requestId).catch((error: unknown) => fail(steps, req, res, requestId, error));
}

async function serve(
  steps: Steps,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
): Promise<void> {
  const target = readTarget(req.url ?? '/');
  if (target.kind !== 'resource') return refuse(req, res, targetRefusal(target));
  const routed = steps.route(req.method ?? 'GET', target.path);
  const ctx = contextOf(steps, req, res, requestId, target, routed);
  const { hooks } = steps.options;
  hooks?.onArrival?.(ctx);
  // Status 0: the answer was never sent whole (dropped, or the client went away first).
  const finalStatus = () => (ctx.dropped || !res.writableFinished ? 0 : res.statusCode);
  if (hooks?.onResponse) res.once('close', () => hooks.onResponse?.(ctx, finalStatus()));
  const refusal = await steps.admit(ctx, routed, target.sent);
  if (refusal) return sendAnswer(ctx, refusalAnswer(req, refusal));
  const hooked = await hooks?.onRequest?.(ctx);
  if (hooked) return sendHookAnswer(ctx, hooked);
  sendAnswer(ctx, await answerOf(steps, ctx, target));
}

/** Sends the answer, kept on the context for the hooks that run once it is sent (journal, usage). */
function sendAnswer(ctx: RequestContext, answer: Answer): void {
  ctx.answer = answer;
  send(ctx.res, answer);
}

function contextOf(
  steps: Steps,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  target: ResourceTarget,
  routed: RouteResult,
): RequestContext {
  const read = bodyReader(req, steps.limits);
  const ctx: RequestContext = {
    req,
    res,
    requestId,
    path: target.path,
    target,
    operation: operationOf(routed),
    match: routed.kind === 'match' ? routed.match : undefined,
    env: steps.environment(req),
    started: Date.now(),
    readBody: async () => {
      const result = await read();
      if (result.ok) ctx.body = result.body;
      return result;
    },
  };
  return ctx;
}

/** A hook's answer (a fault, a replay, the admin route), or the connection dropped. */
function sendHookAnswer(ctx: RequestContext, answer: HookAnswer): void {
  ctx.answeredByHook = true;
  if ('drop' in answer) {
    ctx.dropped = true;
    ctx.req.socket.destroy();
    return;
  }
  sendAnswer(ctx, leavingBody(ctx.req, answer));
}

/** Mock mode: the dev token for the certificate's environment, then the operation's scopes. */
function admission(pki: DevPki, limits: Limits): Steps['admit'] {
  const verifier = new TokenVerifier(pki.jwt.publicKey, { clockSkewSeconds: limits.clockSkewSeconds });
  return async ({ req, env }, routed, path) => {
    const authentication = await authenticate(verifier, req.headers.authorization, env, path);
    if ('refusal' in authentication) return authentication.refusal;
    if (routed.kind === 'bad-path') return malformed(routed.reason, path);
    return authorizeScopes(operationOf(routed), authentication.scopes, path);
  };
}

/** The environment whose CA issued the client certificate. */
function socketEnvironment(pki: DevPki): Steps['environment'] {
  const environment = environmentReader(pki.cas);
  return (req) => environment(req.socket as TLSSocket);
}

function operationOf(routed: RouteResult): Operation | undefined {
  return routed.kind === 'match' ? routed.match.operation : undefined;
}

function targetRefusal(target: Exclude<Target, { kind: 'resource' }>): ErrorEnvelope {
  if (target.kind === 'asterisk')
    return malformed('The asterisk-form target (*) names no resource of this API.', target.sent);
  return malformed(target.reason, target.sent);
}

function refuse(req: IncomingMessage, res: ServerResponse, refusal: ErrorEnvelope): void {
  send(res, refusalAnswer(req, refusal));
}

/** A fault of the mock's own while handling one request: that request gets a 500, the log says why. */
function fail(
  steps: Steps,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  error: unknown,
): void {
  const path = sentPath(req.url ?? '/');
  steps.log(
    `mock: request ${requestId} ${req.method} ${path} failed: ${(error as Error)?.stack ?? String(error)}`,
  );
  if (res.headersSent) {
    res.destroy();
    return;
  }
  req.resume();
  const message = `The mock failed while handling this request (request id ${requestId}).`;
  send(res, envelopeAnswer(envelope(500, 'INTERNAL_ERROR', message, path)));
}

const sane = /^[\w.:@/+=-]{1,128}$/;

/**
 * The client's `x-request-id` when it is a plain token that holds no personal data or secret (it is
 * echoed in answers and logs, and kept in the journal), else a new one.
 */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && sane.test(given) && redact(given) === given ? given : randomUUID();
}

const wireErrors: Record<string, [number, string, string, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'REQUEST_HEADER_FIELDS_TOO_LARGE',
    'The request headers are too large.',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [
    408,
    'Request Timeout',
    'REQUEST_TIMEOUT',
    'The request did not arrive in time.',
  ],
};

/** Garbage or a stall on the wire: answer what can still be answered, drop the rest; never crash. */
function answerMalformedHttp(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (socket.writableEnded) return; // answered already: more of the same bytes must not cut that answer off
  if (
    !socket.writable ||
    error.code === 'ECONNRESET' ||
    (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent
  ) {
    socket.destroy();
    return;
  }
  const [status, reason, code, message] = wireErrors[error.code ?? ''] ?? [
    400,
    'Bad Request',
    'BAD_REQUEST',
    'The request is not valid HTTP.',
  ];
  const body = JSON.stringify(envelope(status, code, message, '/'));
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function listen(server: NetServer, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

function gatewayOf(server: Server, front: NetServer & { sockets: Set<Socket> }): Gateway {
  const { port, address } = front.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    server,
    port,
    url: `https://${host}:${port}`,
    async close() {
      await new Promise<void>((resolve) => {
        front.close(() => resolve());
        server.closeAllConnections();
        for (const socket of front.sockets) socket.destroy();
      });
    },
  };
}
