// Raw bytes over a mutually authenticated TLS connection, and what came back: for requests no HTTP
// client would send (absolute-form targets, broken request lines, mutated bytes).
import { connect } from 'node:tls';

/** Where to connect and with which client certificate (PEM contents). */
export interface TlsEndpoint {
  /** The server's base URL (https://127.0.0.1:port). */
  readonly url: string;
  readonly cert: string;
  readonly key: string;
  readonly ca: string;
}

export interface WireAnswer {
  /** Everything the server sent before the connection closed. */
  readonly text: string;
  /** The status of the first answer, or undefined when none came. */
  readonly status: number | undefined;
  /** The statuses of every answer (several when the bytes held several requests). */
  readonly statuses: number[];
  /** Whether the server closed the connection before `waitMs`; else it was still open (a hang). */
  readonly closed: boolean;
  readonly ms: number;
}

/**
 * Sends `bytes` and reads until the server closes or `waitMs` passes. The write side is ended (as a client
 * that has nothing more to say) once the server has been quiet for a while: `quietMs` after the bytes when
 * nothing came back, 200 ms after the last data otherwise.
 */
export function sendOverTls(
  endpoint: TlsEndpoint,
  bytes: string | Buffer,
  waitMs = 5000,
  quietMs = 1000,
): Promise<WireAnswer> {
  const { hostname, port } = new URL(endpoint.url);
  const host = hostname === 'localhost' ? '127.0.0.1' : hostname; // loopback, whatever the URL names it
  const started = Date.now();
  return new Promise((resolve) => {
    const { cert, key, ca } = endpoint;
    const socket = connect({ host, port: Number(port), cert, key, ca, servername: 'localhost' });
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
export function wireBody(answer: WireAnswer): unknown {
  const start = answer.text.indexOf('\r\n\r\n');
  if (start === -1) return undefined;
  const length = Number(/\r\ncontent-length: (\d+)/i.exec(answer.text)?.[1] ?? 0);
  try {
    return JSON.parse(answer.text.slice(start + 4, start + 4 + length));
  } catch {
    return undefined;
  }
}
