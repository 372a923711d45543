// The gateway's listening socket, in front of the TLS server: a connection that opens with a TLS
// handshake goes on to it; one that opens with plain HTTP (`curl http://...` to the https port) gets a
// 400 in the contract's envelope that says to use https, instead of a connection closed without a word.
// The one plain-HTTP answer is the health check, `GET /__mock/health`: probes (Kubernetes, compose) hold no
// client certificate, and it tells nothing but that the mock is up.

import type { Server } from 'node:https';
import { createServer, type Server as NetServer, type Socket } from 'node:net';
import { adminPrefix } from '../api/names.ts';
import { envelope } from '../http/envelope.ts';

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
      if (first[0] === TLS_HANDSHAKE || !isRequestLine(first)) {
        socket.unshift(first);
        server.emit('connection', socket);
      } else readRequestLine(socket, first);
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

/** The request line of the health check, GET or HEAD (any query ignored). */
const healthCheck = new RegExp(`^(GET|HEAD) ${adminPrefix}health[ ?]`);

/** Enough of a plain-HTTP request line to tell a health check, however it arrives in pieces. */
const LINE_BYTES = 64;
const LINE_MS = 2_000;

/** Reads up to the end of the request line (or LINE_BYTES, or LINE_MS), then answers it. */
function readRequestLine(socket: Socket, first: Buffer): void {
  let line = first;
  const decide = () => {
    clearTimeout(timer);
    socket.off('data', more);
    const text = line.subarray(0, LINE_BYTES).toString('latin1');
    const health = healthCheck.exec(text);
    if (health) answerHealth(socket, health[1] === 'HEAD');
    else answerPlainHttp(socket);
  };
  const more = (chunk: Buffer) => {
    line = Buffer.concat([line, chunk]).subarray(0, LINE_BYTES);
    if (line.includes(0x0a) || line.length >= LINE_BYTES) decide();
  };
  const timer = setTimeout(decide, LINE_MS);
  timer.unref();
  if (line.includes(0x0a) || line.length >= LINE_BYTES) {
    decide();
    return;
  }
  socket.on('data', more);
  socket.resume();
}

function answerHealth(socket: Socket, head: boolean): void {
  const body = '{"status":"ready"}';
  socket.end(
    `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${head ? '' : body}`,
  );
  socket.resume(); // read and drop what the client still sends
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
