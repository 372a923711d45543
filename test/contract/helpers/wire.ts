// Raw bytes over a mutually authenticated TLS connection: for requests no HTTP client would send
// (absolute-form targets, broken request lines, mutated bytes), and for what came back.
import { connect } from 'node:tls';
import type { TestMock } from '../../support/mock-server.ts';

export interface WireAnswer {
  /** Everything the gateway sent before the connection closed. */
  text: string;
  /** The status of the first answer, or undefined when none came. */
  status: number | undefined;
  /** The statuses of every answer (several when the bytes held several requests). */
  statuses: number[];
  /** Whether the gateway closed the connection before `waitMs`; else it was still open (a hang). */
  closed: boolean;
  ms: number;
}

/**
 * Sends `bytes` and reads until the gateway closes or `waitMs` passes. The write side is ended (as a
 * client that has nothing more to say) once the gateway has been quiet for a while: `quietMs` after the
 * bytes when nothing came back, 200 ms after the last data otherwise.
 */
export function sendOverTls(
  mock: TestMock,
  bytes: string | Buffer,
  waitMs = 5000,
  quietMs = 1000,
): Promise<WireAnswer> {
  const { cert, key } = mock.mock.pki.clients.sandbox;
  const port = Number(new URL(mock.url).port);
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect({
      host: '127.0.0.1',
      port,
      cert,
      key,
      ca: mock.mock.pki.serverCa,
      servername: 'localhost',
    });
    let text = '';
    let closed = false;
    let quiet: NodeJS.Timeout | undefined;
    const endAfter = (ms: number) => {
      clearTimeout(quiet);
      quiet = setTimeout(() => socket.end(), ms);
    };
    const done = () => {
      clearTimeout(timer);
      clearTimeout(quiet);
      const statuses = [...text.matchAll(/(?:^|\r\n)HTTP\/1\.[01] (\d{3}) /g)].map((m) => Number(m[1]));
      resolve({ text, status: statuses[0], statuses, closed, ms: Date.now() - started });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      done();
    }, waitMs);
    socket.on('secureConnect', () => {
      socket.write(bytes);
      endAfter(quietMs);
    });
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      endAfter(200);
    });
    socket.on('error', () => {}); // a reset is an answer too: "closed"
    socket.on('close', () => {
      closed = true;
      done();
    });
  });
}

/** The JSON body of the first answer, if any. */
export function firstBody(answer: WireAnswer): unknown {
  const start = answer.text.indexOf('\r\n\r\n');
  if (start === -1) return undefined;
  const length = Number(/\r\ncontent-length: (\d+)/i.exec(answer.text)?.[1] ?? 0);
  try {
    return JSON.parse(answer.text.slice(start + 4, start + 4 + length));
  } catch {
    return undefined;
  }
}

/** A request as bytes: request line, headers (with Host, Connection: close and the body's length), body. */
export function rawRequest(
  method: string,
  target: string,
  headers: Record<string, string>,
  body = '',
): string {
  const all = {
    host: 'localhost',
    connection: 'close',
    ...headers,
    ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
  };
  const lines = Object.entries(all).map(([name, value]) => `${name}: ${value}`);
  return `${method} ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}
