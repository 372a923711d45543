// The HTTPS front of the mock, on one port. The TLS handshake demands a client certificate from one of the
// environment CAs; each request then goes through the steps of serve.ts. A connection that opens with plain
// HTTP gets a clear 400 (or the health check) from plain-http.ts; garbage on the wire, wire-errors.ts.
import type { Server as HttpsServer, ServerOptions } from 'node:https';
import { createServer } from 'node:https';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { type ContractModel, createRouter } from '@banking-api/contract';
import { type Limits, limitsWith } from '../api/limits.ts';
import type { Violation } from '../api/options.ts';
import { contractErrors } from '../http/contract-errors.ts';
import { applyServerLimits, serverLimitOptions } from '../http/limits.ts';
import type { DevPki } from '../pki/dev-pki.ts';
import { joseSigner } from '../pki/jws.ts';
import { TokenVerifier } from '../pki/tokens.ts';
import type { PrismEngine } from '../prism/engine.ts';
import { ExampleAnswers } from '../prism/fast-path.ts';
import { callerReader } from './admission.ts';
import { plainHttpFront } from './plain-http.ts';
import { schemeTable } from './schemes.ts';
import { handle, type MockParts, type Steps } from './serve.ts';

export type { MockParts } from './serve.ts';

import { answerMalformedHttp } from './wire-errors.ts';

export interface GatewayOptions {
  pki: DevPki;
  /** Prism, in this process. */
  engine: PrismEngine;
  /** The contract whose operations and scopes the gateway routes and checks by. */
  model: ContractModel;
  /** mock: Prism's errors become envelopes. proxy: the real environment's answers pass through untouched. */
  mode: 'mock' | 'proxy';
  host?: string | undefined;
  /** 0: a free port. */
  port?: number | undefined;
  /** Changes to the default limits (timeouts, sizes, connection cap, clock skew). */
  limits?: Partial<Limits> | undefined;
  /** Called for every answer that carries contract violations. */
  onViolation?: ((violation: Violation) => void) | undefined;
  /** Where faults are logged, one line each with the request id; default stderr. */
  log?: ((line: string) => void) | undefined;
  /** Give Prism's answer to a valid request again without asking Prism (prism/fast-path.ts); default on. */
  fastPath?: boolean | undefined;
  /** The mock's own parts, in mock mode: its sessions, the admin route, its features in order. */
  mock?: MockParts | undefined;
}

export interface Gateway {
  server: HttpsServer;
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const limits = limitsWith(options.limits);
  const sign = joseSigner(options.pki.jwt.privateKey);
  const steps: Steps = {
    mode: options.mode,
    engine: options.engine,
    limits,
    route: createRouter(options.model),
    examples: options.fastPath === false ? undefined : new ExampleAnswers(),
    features: options.mock?.features,
    mock: options.mock,
    onViolation: options.onViolation,
    sign,
    errors: contractErrors(options.model, sign),
    schemes: schemeTable(options.model),
    caller: (
      (read) => (req) =>
        read(req.socket as TLSSocket)
    )(callerReader(options.pki.cas)),
    verifier: new TokenVerifier(options.pki.jwt.publicKey, { clockSkewSeconds: limits.clockSkewSeconds }),
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

function listen(server: NetServer, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

function gatewayOf(server: HttpsServer, front: NetServer & { sockets: Set<Socket> }): Gateway {
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
