// The HTTPS front of the mock. The TLS handshake demands a client certificate from one of the
// environment CAs; then each request goes through named steps: read the target (once: every later
// step sees the same normalized path), route it by the model, admit it (token, environment, scopes),
// let the mock's features answer (hooks.ts: admin route, faults, stateful sandbox), else read and check
// its body, let Prism (in this process) answer, and send the answer. A fault in any step
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
import { bodyReader, prismBody } from './body.ts';
import type { DevPki, Environment } from './dev-pki.ts';
import { type ErrorEnvelope, envelope } from './envelope.ts';
import {
  type Answer,
  envelopeAnswer,
  mockAnswer,
  proxyAnswer,
  send,
  type Violation,
  violationReport,
} from './forward.ts';
import type { GatewayHooks, HookAnswer, RequestContext } from './hooks.ts';
import { applyServerLimits, type Limits, limitsWith, serverLimitOptions } from './limits.ts';
import { plainHttpFront } from './plain-http.ts';
import type { PrismEngine, PrismOutcome } from './prism-engine.ts';
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
}

export interface Gateway {
  server: Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

/** What the steps share for the gateway's life. */
interface Steps {
  options: GatewayOptions;
  limits: Limits;
  route: ReturnType<typeof createRouter>;
  environment(req: IncomingMessage): Environment | undefined;
  admit(ctx: RequestContext, routed: RouteResult, path: string): Promise<ErrorEnvelope | undefined>;
  log(line: string): void;
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const limits = limitsWith(options.limits);
  const steps: Steps = {
    options,
    limits,
    route: createRouter(options.model),
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
  // Status 0: the answer was never sent whole (dropped, or the client went away first).
  const finalStatus = () => (ctx.dropped || !res.writableFinished ? 0 : res.statusCode);
  if (hooks?.onResponse) res.once('close', () => hooks.onResponse?.(ctx, finalStatus()));
  const refusal = await steps.admit(ctx, routed, target.sent);
  if (refusal) return refuse(req, res, refusal);
  const hooked = await hooks?.onRequest?.(ctx);
  if (hooked) return sendHookAnswer(ctx, hooked);
  ctx.answer = await prismAnswer(steps, ctx, target);
  send(res, ctx.answer);
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
  send(ctx.res, leavingBody(ctx.req, answer));
}

/** Reads and checks the body, lets Prism answer, reports violations. */
async function prismAnswer(steps: Steps, ctx: RequestContext, target: ResourceTarget): Promise<Answer> {
  const { req } = ctx;
  const mock = steps.options.mode === 'mock';
  const checked = await prismBody(
    req,
    ctx.readBody,
    ctx.operation,
    target.sent,
    mock ? steps.limits : undefined,
  );
  if (!checked.ok) return refusalAnswer(req, checked.refusal);
  const { body, headers } = checked.value;
  const method = req.method ?? 'GET';
  const outcome = await steps.options.engine.handle({
    operationKey: ctx.operation?.key,
    method,
    path: target.path,
    query: target.query,
    headers,
    body,
  });
  const unrouted =
    mock && !ctx.match && notFound(outcome) ? unroutedAnswer(steps, method, target.path) : undefined;
  const answer = unrouted ?? (mock ? mockAnswer(outcome, ctx.match, target.sent) : proxyAnswer(outcome));
  if (outcome.violations.length > 0)
    steps.options.onViolation?.(violationReport(method, req.url ?? '', answer.status, outcome.violations));
  return answer;
}

/**
 * A path no operation has (404, with a hint when only a trailing slash is in the way) or a method the
 * path does not take (405 with `Allow`): the contract's envelope, in the mock's words rather than Prism's.
 */
function unroutedAnswer(steps: Steps, method: string, path: string): Answer | undefined {
  const routed = steps.route(method, path);
  if (routed.kind === 'method-not-allowed') {
    const allowed = routed.allowed.join(', ');
    const message = `${path} takes ${allowed}, not ${method.toUpperCase()}.`;
    return envelopeAnswer(envelope(405, 'METHOD_NOT_ALLOWED', message, path), { allow: allowed });
  }
  if (routed.kind !== 'not-found') return undefined;
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : undefined; // one: the path is normalized
  const hint =
    trimmed && steps.route(method, trimmed).kind !== 'not-found'
      ? ` Did you mean ${trimmed} (no trailing slash)?`
      : '';
  const message = `No operation of this API has the path ${path}.${hint}`;
  return envelopeAnswer(envelope(404, 'NOT_FOUND', message, path));
}

/** Prism found no operation for the request (its 404 or 405). */
function notFound(outcome: PrismOutcome): boolean {
  return outcome.result.status === 404 || outcome.result.status === 405;
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

function malformed(reason: string, path: string): ErrorEnvelope {
  const detail = { location: 'path', code: 'invalid', message: reason };
  return envelope(400, 'VALIDATION_ERROR', 'The request is invalid.', path, [detail]);
}

function refuse(req: IncomingMessage, res: ServerResponse, refusal: ErrorEnvelope): void {
  const answer = refusalAnswer(req, refusal);
  if (answer) send(res, answer);
}

/** A refusal as an answer; a body that stalled or is too large also ends the connection. */
function refusalAnswer(req: IncomingMessage, refusal: ErrorEnvelope): Answer {
  const status = refusal.status_code;
  const answer = envelopeAnswer(refusal, status === 401 ? { 'www-authenticate': 'Bearer' } : {});
  if (status === 408 || status === 413) answer.headers.connection = 'close';
  return leavingBody(req, answer);
}

/**
 * An answer given without reading the body: the rest is drained, and a body still on its way (or
 * stalled) is not waited for — the connection ends with the answer.
 */
function leavingBody(req: IncomingMessage, answer: Answer): Answer {
  req.resume();
  return req.complete ? answer : { ...answer, headers: { ...answer.headers, connection: 'close' } };
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
