// A webhook receiver server in one call: node:https asking every client for a certificate and taking only
// those the platform's CA issued (mutual TLS, as the contract's receivers are protected), with bounds on
// the handshake, headers, request, connections and header size, serving `createWebhookHandler`.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createWebhookHandler, type ReceiverOptions } from './receiver.js';

export interface WebhookReceiverOptions extends ReceiverOptions {
  /** Your server certificate and key (PEM): the platform must trust their CA. */
  cert: string | Buffer;
  key: string | Buffer;
  /** The CA(s) of the platform's client certificate (PEM): only what it issued may deliver. */
  ca: string | Buffer | readonly (string | Buffer)[];
  /** Default 127.0.0.1; `0.0.0.0` to be reached from elsewhere. */
  host?: string | undefined;
  /** Default 0: a free port. */
  port?: number | undefined;
  /** A TLS handshake not done in this time is dropped; default 10000 ms. */
  handshakeTimeoutMs?: number | undefined;
  /** Connections at once; default 256. */
  maxConnections?: number | undefined;
}

export interface WebhookReceiver {
  /** `https://host:port`: register it (with your path) as the webhook's URL. */
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  close(): Promise<void>;
}

export async function startWebhookReceiver(options: WebhookReceiverOptions): Promise<WebhookReceiver> {
  const { cert, key, ca, host = '127.0.0.1', port = 0 } = options;
  const server = createServer(
    {
      cert,
      key,
      ca: ca as string | Buffer | (string | Buffer)[],
      requestCert: true,
      rejectUnauthorized: true,
      handshakeTimeout: options.handshakeTimeoutMs ?? 10_000,
      headersTimeout: 10_000,
      requestTimeout: (options.bodyTimeoutMs ?? 10_000) + 5_000,
      keepAliveTimeout: 5_000,
      maxHeaderSize: 16 * 1024,
    },
    createWebhookHandler(options),
  );
  server.maxConnections = options.maxConnections ?? 256;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? 'localhost' : host;
  return {
    url: `https://${shown}:${bound}`,
    port: bound,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
