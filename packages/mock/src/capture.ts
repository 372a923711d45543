// Reading what passes through the gateway without changing it: the answer (status, headers, body) as
// it is written to the client.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** Bodies above this size are not kept (the mock's features need small JSON bodies only). */
const maxCaptured = 1 << 20;

export interface CapturedAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  /** The body of an error answer; of a success only when a tap asked for success bodies. */
  body: Buffer;
}

const taps = new WeakMap<ServerResponse, CapturedAnswer>();

const successBodies = new WeakSet<CapturedAnswer>();

/**
 * Starts recording what is written to `res`; the record fills in as the answer is sent. Success
 * bodies are copied only when asked for (a replay needs them; the journal needs only error envelopes).
 */
export function tapResponse(
  res: ServerResponse,
  { withSuccessBody = false }: { withSuccessBody?: boolean } = {},
): CapturedAnswer {
  const existing = taps.get(res);
  if (existing) {
    if (withSuccessBody) successBodies.add(existing);
    return existing;
  }
  const captured: CapturedAnswer = { status: 0, headers: {}, body: Buffer.alloc(0) };
  taps.set(res, captured);
  if (withSuccessBody) successBodies.add(captured);
  const chunks: Buffer[] = [];
  let size = 0;
  const keep = (chunk: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    if ((captured.status || res.statusCode) < 400 && !successBodies.has(captured)) return;
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size <= maxCaptured) chunks.push(buffer);
  };
  const { writeHead, write, end } = res;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    captured.status = status;
    const headers = rest.find((r) => r && typeof r === 'object') as OutgoingHttpHeaders | undefined;
    captured.headers = headerRecord({ ...res.getHeaders(), ...headers });
    return (writeHead as (...a: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse['writeHead'];
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk);
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk);
    captured.body = Buffer.concat(chunks);
    if (!captured.status) captured.status = res.statusCode;
    return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse['end'];
  return captured;
}

/** The captured answer of `res`, if it was tapped. */
export function capturedAnswer(res: ServerResponse): CapturedAnswer | undefined {
  return taps.get(res);
}

function headerRecord(headers: OutgoingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value : String(value);
  }
  return out;
}
