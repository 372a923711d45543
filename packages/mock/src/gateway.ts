// The HTTPS front of the mock: requires a client certificate from one of the two environment CAs,
// checks the dev token, then streams the request to Prism and the answer back, turning Prism's error
// answers into the contract's error envelope.
import { X509Certificate } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { type Duplex, Writable } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { type Dispatcher, Pool } from 'undici';
import { type DevPki, type Environment, environments } from './dev-pki.ts';
import { echoes } from './echo.ts';
import { type ErrorEnvelope, envelope, rewriteError } from './envelope.ts';
import { findRoute, pathParams, type Route } from './spec.ts';
import { TokenVerifier } from './tokens.ts';

export interface Violation {
  method: string;
  path: string;
  status: number;
  /** Prism's `sl-violations` entries, as "location: message". */
  violations: string[];
}

export interface GatewayOptions {
  pki: DevPki;
  prism: { host: string; port: number };
  routes: Route[];
  /** mock: dev tokens are checked and Prism's errors become envelopes. proxy: both pass through untouched. */
  mode: 'mock' | 'proxy';
  host?: string;
  /** 0: a free port. */
  port?: number;
  /** Called for every answer that carries contract violations (Prism's `sl-violations`). */
  onViolation?: (violation: Violation) => void;
}

export interface Gateway {
  server: Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

// Hop-by-hop headers describe one connection and are not forwarded (undici refuses most of them);
// `expect: 100-continue` is answered by Node's server already.
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'expect',
]);
const maxErrorBody = 1 << 20;

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const { pki, routes, mode, onViolation } = options;
  const verifier = new TokenVerifier(pki.jwt.publicKey);
  const cas = environments.map((env) => [env, new X509Certificate(pki.cas[env])] as const);
  const environmentOf = new WeakMap<object, Environment | undefined>();
  // Keep-alive connections to Prism through undici, which costs about half of node:http per request.
  const prism = new Pool(`http://${options.prism.host}:${options.prism.port}`, { pipelining: 1 });

  const server = createServer({
    key: pki.server.key,
    cert: pki.server.cert,
    ca: Object.values(pki.cas),
    requestCert: true,
    rejectUnauthorized: true, // no certificate, or one from another CA: the handshake fails
    minVersion: 'TLSv1.2',
    handshakeTimeout: 10_000, // a stalled handshake holds a socket: drop it sooner than the default 120 s
  });

  /** The environment of a connection: the CA that issued its client certificate (cached per socket). */
  function environment(socket: TLSSocket): Environment | undefined {
    if (environmentOf.has(socket)) return environmentOf.get(socket);
    const peer = socket.getPeerX509Certificate();
    const env = peer && cas.find(([, ca]) => peer.checkIssued(ca))?.[0];
    environmentOf.set(socket, env);
    return env;
  }

  function send(res: ServerResponse, body: ErrorEnvelope, extra: Record<string, string> = {}) {
    const json = JSON.stringify(body);
    res.writeHead(body.status_code, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(json),
      ...extra,
    });
    res.end(json);
  }

  async function authorize(
    req: IncomingMessage,
    path: string,
    route: Route | undefined,
  ): Promise<ErrorEnvelope | undefined> {
    const env = environment(req.socket as TLSSocket);
    if (!env) return envelope(403, 'FORBIDDEN', 'The client certificate was issued by no known CA.', path);
    const header = req.headers.authorization;
    const jwt = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!jwt) {
      return envelope(401, 'UNAUTHORIZED', 'Send a Bearer token: Authorization: Bearer <token>.', path);
    }
    const check = await verifier.verify(jwt);
    if (!check.ok) return envelope(401, 'UNAUTHORIZED', check.reason, path);
    if (check.token.env !== env) {
      const message = `The token is for ${check.token.env}, the client certificate for ${env}.`;
      return envelope(403, 'FORBIDDEN', message, path);
    }
    const scopes = check.token.scopes;
    if (route?.scopeSets.length && !route.scopeSets.some((set) => set.every((s) => scopes.has(s)))) {
      const needed = route.scopeSets.map((set) => set.join(' ')).join(' or ');
      return envelope(403, 'FORBIDDEN', `${route.operationId} requires the scope ${needed}.`, path);
    }
    return undefined;
  }

  function forward(req: IncomingMessage, res: ServerResponse, path: string, route?: Route) {
    const headers: string[] = [];
    const raw = req.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) {
      if (!hopByHop.has((raw[i] as string).toLowerCase()))
        headers.push(raw[i] as string, raw[i + 1] as string);
    }
    const hasBody =
      req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    // stream(): undici writes Prism's answer straight into `res` (or into the envelope collector), with
    // no intermediate body stream per request.
    prism.stream(
      {
        method: (req.method ?? 'GET') as Dispatcher.HttpMethod,
        path: req.url ?? '/',
        headers,
        body: hasBody ? req : null,
        headersTimeout: 30_000,
        bodyTimeout: 30_000,
      },
      ({ statusCode, headers: answer }) => {
        const violations = answer['sl-violations'];
        if (onViolation && typeof violations === 'string') {
          onViolation({
            method: req.method ?? '',
            path: req.url ?? '',
            status: statusCode,
            violations: list(violations),
          });
        }
        if (mode === 'mock' && statusCode >= 400) {
          return collector(res, statusCode, path, typeof violations === 'string' ? violations : undefined);
        }
        const out: Record<string, string | string[]> = {};
        for (const name in answer) {
          const value = answer[name];
          if (value !== undefined && !hopByHop.has(name)) out[name] = value;
        }
        const echo = mode === 'mock' && route ? echoes[route.operationId] : undefined;
        if (echo && route && statusCode < 300)
          return echoing(res, statusCode, out, (body) => echo(body, pathParams(route, path)));
        res.writeHead(statusCode, out);
        return res;
      },
      (error) => {
        if (!error) return;
        if (res.headersSent) return res.destroy();
        send(
          res,
          envelope(502, 'BAD_GATEWAY', `The mock could not get an answer from Prism: ${error.message}`, path),
        );
      },
    );
  }

  /** Buffers an error answer of Prism's, then sends its envelope. */
  function collector(res: ServerResponse, status: number, path: string, violations: string | undefined) {
    const chunks: Buffer[] = [];
    let size = 0;
    return new Writable({
      write(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size <= maxErrorBody) chunks.push(chunk);
        done();
      },
      final(done) {
        send(res, rewriteError(status, Buffer.concat(chunks), violations, path));
        done();
      },
    });
  }

  /** Buffers a JSON success answer of Prism's, applies the contract's echo rule, then sends it. */
  function echoing(
    res: ServerResponse,
    status: number,
    headers: Record<string, string | string[]>,
    apply: (body: Record<string, unknown>) => void,
  ) {
    const chunks: Buffer[] = [];
    return new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        let body = Buffer.concat(chunks);
        try {
          const json = JSON.parse(body.toString('utf8'));
          if (json && typeof json === 'object') apply(json);
          body = Buffer.from(JSON.stringify(json));
        } catch {
          // not JSON: pass it on as Prism sent it
        }
        res.writeHead(status, { ...headers, 'content-length': String(body.length) });
        res.end(body);
        done();
      },
    });
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (mode === 'proxy') return forward(req, res, path);
    const route = findRoute(routes, req.method ?? 'GET', path);
    authorize(req, path, route).then(
      (refusal) => {
        if (!refusal) return forward(req, res, path, route);
        req.resume(); // drain the unread body so the connection stays usable
        send(res, refusal, refusal.status_code === 401 ? { 'www-authenticate': 'Bearer' } : {});
      },
      (error: unknown) => send(res, envelope(500, 'INTERNAL_ERROR', String(error), path)),
    );
  });

  // Garbage on the wire: answer what can still be answered, drop the rest; never crash.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') return socket.destroy();
    const body = JSON.stringify(envelope(400, 'BAD_REQUEST', 'The request is not valid HTTP.', '/'));
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  server.on('tlsClientError', () => {}); // a failed handshake ends that connection only

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
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

function list(header: string): string[] {
  try {
    const parsed = JSON.parse(header) as { location?: string[]; message?: string }[];
    return parsed.map((v) => `${(v.location ?? []).join('.')}: ${v.message ?? ''}`);
  } catch {
    return [header];
  }
}
