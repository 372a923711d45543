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
  /** Whether the answer passed `maxBytes` and was cut there (the connection then closed by us). */
  readonly cut: boolean;
  readonly ms: number;
}

/** The most of an answer kept by default: a server that streams without end must not fill the memory. */
export const MAX_WIRE_ANSWER_BYTES: number = 2 ** 20;

/**
 * Sends `bytes` and reads until the server closes, `waitMs` passes or `maxBytes` have come (the rest is
 * not read: the connection is destroyed and the answer marked `cut`). The write side is ended (as a client
 * that has nothing more to say) once the server has been quiet for a while: `quietMs` after the bytes when
 * nothing came back, 200 ms after the last data otherwise.
 */
export function sendOverTls(
  endpoint: TlsEndpoint,
  bytes: string | Buffer,
  waitMs = 5000,
  quietMs = 1000,
  maxBytes: number = MAX_WIRE_ANSWER_BYTES,
): Promise<WireAnswer> {
  const { hostname, port } = new URL(endpoint.url);
  const host = hostname === 'localhost' ? '127.0.0.1' : hostname; // loopback, whatever the URL names it
  const started = Date.now();
  return new Promise((resolve) => {
    const { cert, key, ca } = endpoint;
    const socket = connect({ host, port: Number(port), cert, key, ca, servername: 'localhost' });
    let text = '';
    let closed = false;
    let cut = false;
    let quiet: NodeJS.Timeout | undefined;
    const endAfter = (ms: number) => {
      clearTimeout(quiet);
      quiet = setTimeout(() => socket.end(), ms);
    };
    const done = () => {
      clearTimeout(timer);
      clearTimeout(quiet);
      const statuses = [...text.matchAll(/(?:^|\r\n)HTTP\/1\.[01] (\d{3}) /g)].map((m) => Number(m[1]));
      resolve({ text, status: statuses[0], statuses, closed, cut, ms: Date.now() - started });
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
      if (cut) return;
      const room = maxBytes - text.length; // latin1: one character per byte
      text += chunk.toString('latin1', 0, Math.min(chunk.length, room));
      if (chunk.length < room) return endAfter(200);
      cut = true;
      socket.destroy(); // its 'close' resolves, not as closed: the server did not end the answer, we did
    });
    socket.on('error', () => {}); // a reset is an answer too: "closed"
    socket.on('close', () => {
      closed = !cut;
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
