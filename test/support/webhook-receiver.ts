// A webhook receiver for tests: an HTTPS server on 127.0.0.1 with a server certificate made at test time,
// asking every client for a certificate and trusting the CA it is given (the mock's `webhookCa`). It
// records each delivery as it came (headers, body, whether the client certificate was verified, its
// subject) and answers as the test says, request by request. Stops by itself with the test (close()).
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { makeCa, makeServerCert } from '@banking-api/mock';

export interface Arrival {
  n: number;
  at: number;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The client certificate was presented and verified against the trusted CA. */
  authorized: boolean;
  /** Its subject's common name, when one came. */
  clientName: string | undefined;
}

/** How to answer the n-th delivery (from 1): a status, and optionally a wait first. */
export type Answering = (n: number, arrival: Arrival) => { status: number; delayMs?: number; body?: string };

export interface TestReceiver {
  url: string;
  /** The CA of its server certificate: the mock's `webhookCa` option. */
  ca: string;
  arrivals: Arrival[];
  /** Resolves with the first arrival that `match` keeps, waiting up to `timeoutMs`. */
  arrival(match?: (a: Arrival) => boolean, timeoutMs?: number): Promise<Arrival>;
  close(): Promise<void>;
}

let serverCa: ReturnType<typeof makeCa> | undefined;

export async function startReceiver(
  trust: string,
  answering: Answering = () => ({ status: 200 }),
  { requireCertificate = true }: { requireCertificate?: boolean } = {},
): Promise<TestReceiver> {
  serverCa ??= makeCa('Test Receiver CA');
  const { cert, key } = makeServerCert(serverCa, ['localhost', '127.0.0.1']);
  const arrivals: Arrival[] = [];
  const waiters = new Set<() => void>();
  const server: Server = createServer(
    { cert, key, ca: trust, requestCert: true, rejectUnauthorized: requireCertificate },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const socket = req.socket as TLSSocket;
        const peer = socket.getPeerCertificate();
        const arrival: Arrival = {
          n: arrivals.length + 1,
          at: Date.now(),
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          authorized: socket.authorized,
          clientName: peer?.subject?.CN as string | undefined,
        };
        arrivals.push(arrival);
        for (const wake of waiters) wake();
        const { status, delayMs = 0, body = '' } = answering(arrival.n, arrival);
        setTimeout(() => res.writeHead(status, { 'content-type': 'text/plain' }).end(body), delayMs);
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/hooks`,
    ca: serverCa.cert,
    arrivals,
    arrival: (match = () => true, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = arrivals.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no such delivery within ${timeoutMs} ms (${arrivals.length} arrived)`));
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
