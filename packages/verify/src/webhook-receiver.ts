// verify's webhook receiver (--webhook-receiver): an HTTPS server the team points its server's webhook at.
// It asks every client for a certificate and records whether the one presented is issued by
// --webhook-client-ca, so that a delivery without mutual TLS is reported, not refused unseen. It keeps what
// arrived (bounded: 1 MiB a body, 1000 deliveries) for the delivery check, and answers 204 at once. Its
// waits are bounded: the handshake, the headers, the request, the connections.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { ArrivedDelivery, DeliveryWatch } from '@banking-api/conformance';

export interface ReceiverSettings {
  readonly host: string;
  readonly port: number;
  /** Its own server certificate and key (PEM): the team's server must trust their CA. */
  readonly cert: string;
  readonly key: string;
  /** The CA of the server's delivery client certificate (PEM). */
  readonly clientCa: string;
  readonly webhookId: string;
  readonly waitMs: number;
}

export interface RunningReceiver extends DeliveryWatch {
  readonly url: string;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;
const MAX_KEPT = 1000;

export async function startReceiver(settings: ReceiverSettings): Promise<RunningReceiver> {
  const arrived: ArrivedDelivery[] = [];
  const waiters = new Set<() => void>();
  const server = createServer(
    {
      cert: settings.cert,
      key: settings.key,
      ca: settings.clientCa,
      requestCert: true,
      rejectUnauthorized: false,
      handshakeTimeout: 10_000,
      headersTimeout: 10_000,
      requestTimeout: 15_000,
      maxHeaderSize: 16 * 1024,
    },
    (req, res) =>
      keepArrival(req, res, (delivery) => {
        arrived.push(delivery);
        if (arrived.length > MAX_KEPT) arrived.shift();
        for (const wake of waiters) wake();
      }),
  );
  server.maxConnections = 64;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const since = (t: number) => arrived.filter((a) => a.at >= t);
  return {
    url: `https://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`,
    webhookId: settings.webhookId,
    waitMs: settings.waitMs,
    since,
    next: (t, match) => firstArrival(() => since(t).find(match), waiters, settings.waitMs),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Reads one request (its body kept up to the bound), answers 204, and hands over what arrived. */
function keepArrival(req: IncomingMessage, res: ServerResponse, keep: (d: ArrivedDelivery) => void): void {
  const chunks: Buffer[] = [];
  let bytes = 0;
  req.on('data', (chunk: Buffer) => {
    if (bytes < MAX_BODY) chunks.push(chunk.subarray(0, MAX_BODY - bytes));
    bytes += chunk.length;
  });
  req.on('end', () => {
    res.writeHead(204).end();
    const socket = req.socket as TLSSocket;
    const peer = socket.getPeerCertificate();
    const name = (n: unknown) => String((n as { CN?: unknown } | undefined)?.CN ?? '') || undefined;
    keep({
      at: Date.now(),
      method: req.method ?? '',
      path: (req.url ?? '/').split('?')[0] ?? '/',
      mediaType:
        String(req.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim()
          .toLowerCase() ?? '',
      body: Buffer.concat(chunks).toString('utf8'),
      bytes,
      mutualTls: socket.authorized,
      ...(peer?.subject && { clientSubject: name(peer.subject), clientIssuer: name(peer.issuer) }),
    });
  });
}

/** What `find` finds, now or when a later arrival wakes the waiters; undefined after `waitMs`. */
function firstArrival(
  find: () => ArrivedDelivery | undefined,
  waiters: Set<() => void>,
  waitMs: number,
): Promise<ArrivedDelivery | undefined> {
  return new Promise((resolve) => {
    const check = () => {
      const found = find();
      if (found) finish(found);
      return found !== undefined;
    };
    const wake = () => void check();
    const timer = setTimeout(() => finish(undefined), waitMs);
    const finish = (found: ArrivedDelivery | undefined) => {
      clearTimeout(timer);
      waiters.delete(wake);
      resolve(found);
    };
    if (!check()) waiters.add(wake);
  });
}
