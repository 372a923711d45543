// A request as the raw bytes of HTTP/1.1: for requests no HTTP client would send (absolute-form targets,
// other spellings of a path, mutated bytes), written over TLS by attacks/tls.ts.
import type { Probe } from '../types.js';
import { outgoingHeaders } from './headers.js';

/** A request as text: request line, headers (with Host, Connection: close and the body's length), body. */
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

export interface RenderOptions {
  /** The Bearer token standing for the probe's credential (none is sent without one). */
  readonly token?: string;
  /** The request target to write instead of the probe's path (another spelling of it). */
  readonly target?: string;
}

/** A probe as HTTP/1.1 text. */
export function renderRequest(probe: Probe, options: RenderOptions = {}): string {
  const token = options.token && probe.credential !== 'none' ? `Bearer ${options.token}` : undefined;
  return rawRequest(
    probe.method,
    options.target ?? probe.path,
    outgoingHeaders(probe, token),
    probe.body?.text,
  );
}
