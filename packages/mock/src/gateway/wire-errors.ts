// Garbage or a stall on the wire, before any request could be read (node:http's `clientError`): answered
// with the contract's envelope where HTTP still allows it (400, 408, 431), the connection dropped otherwise.
// Never a crash.
import type { Duplex } from 'node:stream';
import { envelope } from '../http/envelope.ts';

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
export function answerMalformedHttp(error: NodeJS.ErrnoException, socket: Duplex): void {
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
