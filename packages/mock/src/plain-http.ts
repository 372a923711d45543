// The gateway's listening socket, in front of the TLS server: a connection that opens with a TLS
// handshake goes on to it; one that opens with plain HTTP (`curl http://...` to the https port) gets a
// 400 in the contract's envelope that says to use https, instead of a connection closed without a word.
// The one plain-HTTP answer is the health check, `GET /__mock/health`: probes (Kubernetes, compose) hold no
// client certificate, and it tells nothing but that the mock is up.

import type { Server } from 'node:https';
import { createServer, type Server as NetServer, type Socket } from 'node:net';
import { envelope } from './envelope.ts';

const TLS_HANDSHAKE = 0x16;

/** A TCP server that hands TLS connections to `server` and answers plain HTTP itself. */
export function plainHttpFront(server: Server): NetServer & { sockets: Set<Socket> } {
  const sockets = new Set<Socket>();
  const front = createServer({ pauseOnConnect: true }, (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      if (first[0] === TLS_HANDSHAKE || !isRequestLine(first)) server.emit('connection', socket);
      else if (healthCheck.test(first.subarray(0, 32).toString('latin1'))) answerHealth(socket);
      else answerPlainHttp(socket);
    });
    socket.resume();
  });
  return Object.assign(front, { sockets });
}

/** An HTTP method's first letter: an upper-case ASCII letter. */
function isRequestLine(first: Buffer): boolean {
  const c = first[0] ?? 0;
  return c >= 0x41 && c <= 0x5a;
}

/** The request line of the health check (any query ignored). */
const healthCheck = /^GET \/__mock\/health[ ?]/;

function answerHealth(socket: Socket): void {
  const body = '{"status":"ready"}';
  socket.end(
    `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.resume();
}

function answerPlainHttp(socket: Socket): void {
  const message =
    'This port speaks HTTPS with mutual TLS: use an https:// URL, with a client certificate of the mock.';
  const body = JSON.stringify(envelope(400, 'HTTPS_REQUIRED', message, '/'));
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.resume(); // read and drop what the client still sends
}
