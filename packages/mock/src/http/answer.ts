// An answer: the one shape every step of the gateway, every feature and the admin route answers with, and
// how it is sent. The answer sent is the one the journal, the usage record and the sandbox's replay read
// afterwards (http/served.ts): it is captured once, by the gateway, never by tapping the response.
import type { ServerResponse } from 'node:http';
import type { ErrorEnvelope } from './envelope.ts';

/** An answer to send. Not changed once sent (the journal keeps its body by reference). */
export interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
  body?: string | Buffer;
  /** The mock's own error this answer words (envelopeAnswer): a contract of another's words it its way. */
  error?: ErrorEnvelope;
}

/** JSON as an answer. */
export function jsonAnswer(status: number, value: unknown, headers: Record<string, string> = {}): Answer {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(value) };
}

/** An answer without a body (204). */
export function emptyAnswer(status: number): Answer {
  return { status, headers: {} };
}

/** An error envelope as an answer. */
export function envelopeAnswer(body: ErrorEnvelope, extra: Record<string, string> = {}): Answer {
  return {
    status: body.status_code,
    headers: { 'content-type': 'application/json', ...extra },
    body: JSON.stringify(body),
    error: body,
  };
}

/** Sends an answer, with its length. */
export function send(res: ServerResponse, answer: Answer): void {
  const length = answer.body === undefined ? 0 : Buffer.byteLength(answer.body);
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(length) });
  res.end(answer.body);
}
