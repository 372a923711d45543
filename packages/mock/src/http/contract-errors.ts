// The contract's own error answers, for a contract other than ours. Our contract marks its error envelope
// (`x-envelope: error`), and every error the mock makes is that envelope. A contract without one (the Pix API's
// `application/problem+json`, Open Finance Brasil's `ResponseError`) gets, for an error the mock makes up (a
// refusal, a failed validation, an unknown path), the response it documents for that status: its example,
// with the real status and, in a problem+json, the real reason as `detail`; where it documents no example,
// an RFC 9457 problem (the mock's choice, docs/mock.md).
import {
  type ContractModel,
  envelopeKind,
  isJsonMediaType,
  type MediaType,
  type Operation,
  responseFor,
} from '@banking-api/contract';
import type { JoseSigner } from '../pki/jws.ts';
import type { Answer } from './answer.ts';
import type { ErrorEnvelope } from './envelope.ts';
import { bodyText, isJoseType } from './media.ts';

/** The answer as the contract words its errors; the same answer when it is ours or no error of the mock's. */
export type ErrorStyle = (answer: Answer, operation: Operation | undefined) => Answer;

const same: ErrorStyle = (answer) => answer;

export function contractErrors(model: ContractModel, sign: JoseSigner): ErrorStyle {
  const ours = model.operations.some((op) =>
    op.responses.some((r) => r.content.some((m) => envelopeKind(m.schema) === 'error')),
  );
  if (ours) return same;
  return (answer, operation) => {
    const error = answer.error;
    if (!error) return answer;
    const media = documentedMedia(operation, error.status_code);
    const contentType = media?.mediaType ?? 'application/problem+json';
    const body = media ? documentedBody(media, error) : problemOf(error);
    const headers = { ...answer.headers, 'content-type': contentType };
    return { status: answer.status, headers, body: bodyText(body, contentType, sign) };
  };
}

/**
 * The media the operation documents for the status with an example (JSON, JWS or JWT), else its problem+json:
 * a body of another shape without an example is not made up (its schema is the contract's, the shape a guess).
 */
function documentedMedia(operation: Operation | undefined, status: number): MediaType | undefined {
  const content = (operation && responseFor(operation, status)?.content) ?? [];
  const readable = content.filter((m) => isJsonMediaType(m.mediaType) || isJoseType(m.mediaType));
  return (
    readable.find((m) => m.examples.length > 0) ?? readable.find((m) => /problem\+json/i.test(m.mediaType))
  );
}

/**
 * Its first example; a problem+json one with the real status and reason, and without the lists and objects
 * that describe the example's own occurrence (the Pix API's `violacoes` naming a field this request may not
 * have sent). No example: a problem.
 */
function documentedBody(media: MediaType, error: ErrorEnvelope): unknown {
  const example = media.examples[0]?.value;
  if (example === undefined) return problemOf(error);
  if (!/problem\+json/i.test(media.mediaType) || typeof example !== 'object' || example === null)
    return example;
  const plain = Object.entries(example).filter(([, value]) => typeof value !== 'object' || value === null);
  return { ...Object.fromEntries(plain), status: error.status_code, detail: detailOf(error) };
}

/** RFC 9457: the envelope's code as the title, its message and details as the detail. */
function problemOf(error: ErrorEnvelope): Record<string, unknown> {
  return { type: 'about:blank', title: error.code, status: error.status_code, detail: detailOf(error) };
}

function detailOf(error: ErrorEnvelope): string {
  const details = error.details
    .map((d) => (d && typeof d === 'object' && 'message' in d ? String(d.message) : undefined))
    .filter(Boolean);
  return details.length ? `${error.message} ${details.join('; ')}` : error.message;
}
