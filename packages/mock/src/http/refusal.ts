// Refusals as answers: the contract's error envelope, and what a refusal does to a body still arriving.
import type { IncomingMessage } from 'node:http';
import { type Answer, envelopeAnswer } from './answer.ts';
import { type ErrorEnvelope, envelope } from './envelope.ts';

/** A 400 for a request that cannot be read one way only (target, path parameter). */
export function malformed(reason: string, path: string): ErrorEnvelope {
  const detail = { location: 'path', code: 'invalid', message: reason };
  return envelope(400, 'VALIDATION_ERROR', 'The request is invalid.', path, [detail]);
}

/**
 * A refusal as an answer: a 401 names the schemes that would be accepted (`challenge`, RFC 9110 §11.6.1;
 * Bearer unless told; null where none is an HTTP authentication scheme, an apiKey), a body that stalled or is
 * too large ends the connection.
 */
export function refusalAnswer(refusal: ErrorEnvelope, challenge: string | null = 'Bearer'): Answer {
  const status = refusal.status_code;
  const asks = status === 401 && challenge !== null;
  const answer = envelopeAnswer(refusal, asks ? { 'www-authenticate': challenge } : {});
  if (status === 408 || status === 413) answer.headers.connection = 'close';
  return answer;
}

/**
 * An answer given without reading the body: the rest is drained, and a body still on its way (or
 * stalled) is not waited for — the connection ends with the answer.
 */
export function leavingBody(req: IncomingMessage, answer: Answer): Answer {
  req.resume();
  return req.complete ? answer : { ...answer, headers: { ...answer.headers, connection: 'close' } };
}
