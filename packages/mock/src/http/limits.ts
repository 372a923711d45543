// The gateway's limits (api/limits.ts) enforced, like a production gateway's: no client holds a connection,
// a socket or memory for longer or more than these allow. Each is answered with the contract's envelope where HTTP still allows an
// answer (408, 413, 431); a stalled TLS handshake or a connection over the cap is simply closed.
import type { IncomingMessage, ServerOptions } from 'node:http';
import type { Server } from 'node:https';
import type { Server as NetServer, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Limits } from '../api/limits.ts';

/** The limits node:http's server options carry. */
export function serverLimitOptions(
  limits: Limits,
): Pick<
  ServerOptions,
  'maxHeaderSize' | 'headersTimeout' | 'requestTimeout' | 'keepAliveTimeout' | 'connectionsCheckingInterval'
> {
  return {
    maxHeaderSize: limits.maxHeaderBytes,
    headersTimeout: limits.headersTimeoutMs,
    // Node's own request timeout answers 408 without the envelope: it only backs up the body timer.
    requestTimeout: limits.headersTimeoutMs + limits.bodyTimeoutMs + 5_000,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // How often Node checks the two timeouts above; its default 30 s would let them run late.
    connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
  };
}

/**
 * The limits a server takes after creation: the connection cap (on the listening front) and the
 * handshake timer.
 */
export function applyServerLimits(front: NetServer, server: Server, limits: Limits): void {
  front.maxConnections = limits.maxConnections;
  server.maxHeadersCount = headersCountWithin(limits.maxHeaderBytes);
  dropStalledHandshakes(front, server, limits.handshakeTimeoutMs);
}

/**
 * Headers are bounded by their size (`maxHeaderBytes`), not their number: node:http's own count (refused
 * with a 431 since Node 24, dropped silently before) turned away a legal request of a thousand small
 * headers. node:http counts a header's name and value toward the size, so each counts at least one byte:
 * this many admits every request within the size, which still bounds what a request can make.
 */
function headersCountWithin(maxHeaderBytes: number): number {
  return maxHeaderBytes;
}

/**
 * Node's `handshakeTimeout` counts from the first handshake bytes, so a client that connected and sent
 * nothing held its socket for ever: this timer counts from the TCP connection.
 */
function dropStalledHandshakes(front: NetServer, server: Server, ms: number): void {
  const timers = new WeakMap<Socket, NodeJS.Timeout>();
  front.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => socket.destroy(), ms);
    timer.unref();
    timers.set(socket, timer);
    socket.once('close', () => clearTimeout(timer));
  });
  server.on('secureConnection', (tls: TLSSocket & { _parent?: Socket }) => {
    if (tls._parent) clearTimeout(timers.get(tls._parent)); // the TCP socket the TLS one wraps
  });
}

export type BodyRead = { ok: true; body: Buffer } | { ok: false; status: 408 | 413 | 400; message: string };

/** The whole body of `req`, within the size and time limits. */
export function readBody(req: IncomingMessage, limits: Limits): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: BodyRead) => {
      clearTimeout(timer);
      req.off('data', onData);
      resolve(result);
    };
    const timer = setTimeout(() => {
      finish({
        ok: false,
        status: 408,
        message: `The body did not arrive within ${limits.bodyTimeoutMs} ms.`,
      });
    }, limits.bodyTimeoutMs);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBodyBytes)
        return finish({
          ok: false,
          status: 413,
          message: `The body is larger than ${limits.maxBodyBytes} bytes.`,
        });
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => finish({ ok: true, body: Buffer.concat(chunks) }));
    req.once('error', () => finish({ ok: false, status: 400, message: 'The body could not be read.' }));
    req.once('aborted', () => finish({ ok: false, status: 400, message: 'The body was cut short.' }));
  });
}
