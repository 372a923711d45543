// A real HTTPS server that requires client certificates, with a PKI made at test time.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { type KeyPair, makeCa, makeClientCert, makeServerCert, toPkcs12 } from '@banking-api/mock';

const DAY = 86_400_000;

export interface Pki {
  ca: KeyPair;
  /** A second CA: the "other environment". */
  otherCa: KeyPair;
  server: KeyPair;
  client: KeyPair;
  foreign: KeyPair;
  expired: KeyPair;
  pfx: Buffer;
  pfxPassphrase: string;
}

export function makePki(): Pki {
  const ca = makeCa('Test Sandbox CA');
  const otherCa = makeCa('Test Production CA');
  const client = makeClientCert(ca, 'sandbox-client');
  const pfxPassphrase = 'p12-secret-passphrase';
  return {
    ca,
    otherCa,
    server: makeServerCert(ca, ['127.0.0.1', 'localhost']),
    client,
    foreign: makeClientCert(otherCa, 'production-client'),
    expired: makeClientCert(ca, 'expired-client', {
      notBefore: new Date(Date.now() - 30 * DAY),
      notAfter: new Date(Date.now() - DAY),
    }),
    pfx: toPkcs12(client, [ca.cert], pfxPassphrase),
    pfxPassphrase,
  };
}

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type Handler = (req: Seen, res: ServerResponse) => unknown;

export interface TestServer {
  url: string;
  port: number;
  /** Requests that reached the handler, in order. */
  seen: Seen[];
  /** TLS connections that completed a handshake. */
  handshakes: () => number;
  handle: (handler: Handler) => void;
  close: () => Promise<void>;
}

export const json = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

export const envelope = (status: number, code: string, path = '/') => ({
  status_code: status,
  code,
  message: code,
  timestamp: '2026-01-01T00:00:00.000Z',
  path,
  details: [],
});

export async function startServer(pki: Pki): Promise<TestServer> {
  let handler: Handler = (_req, res) => json(res, 200, {});
  const seen: Seen[] = [];
  let handshakes = 0;
  const server: Server = createServer(
    {
      key: pki.server.key,
      cert: pki.server.cert,
      ca: pki.ca.cert,
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const entry = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks),
        };
        seen.push(entry);
        void Promise.resolve(handler(entry, res)).catch((error: unknown) => {
          res.destroy(error as Error);
        });
      });
    },
  );
  server.on('secureConnection', () => handshakes++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    seen,
    handshakes: () => handshakes,
    handle: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What `promise` rejects with; a promise that resolves fails the test. */
export const rejection = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );

/** A JWT-shaped token (unsigned: the client only reads `exp`). */
export function jwt(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.sig-${Math.random().toString(36).slice(2)}`;
}
