// The contract's own error answers, for a contract other than ours. Our contract marks its error envelope
// (`x-envelope: error`), and every error the mock makes is that envelope. A contract without one (the Pix API's
// `application/problem+json`, Open Finance Brasil's `ResponseError`) gets, for an error the mock makes up (a
// refusal, a failed validation, an unknown path, a fault), the response it documents for that status: its
// media type, and its valid example (a problem+json one with the real status and reason as `detail`), else a
// value made from its schema carrying the real code and reason where its string fields allow (OFB's
// `errors[0].detail`); where it documents nothing for the status, an RFC 9457 problem (the mock's choice,
// docs/mock.md).
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
import { breaksSchema, documentedBody } from './documented-body.ts';
import type { ErrorEnvelope } from './envelope.ts';
import { bodyText, isJoseType } from './media.ts';
import { withReason } from './reason-fields.ts';

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
    const documented = documentedError(operation, error);
    const contentType = documented?.media.mediaType ?? 'application/problem+json';
    const body = documented ? documented.body : problemOf(error);
    const headers = { ...answer.headers, 'content-type': contentType };
    return { status: answer.status, headers, body: bodyText(body, contentType, sign) };
  };
}

/**
 * The media the operation documents for the status (JSON, JWS or JWT: one with an example first, then a
 * problem+json, then any with a schema) and the body it gives this error; undefined where it documents none.
 */
function documentedError(
  operation: Operation | undefined,
  error: ErrorEnvelope,
): { media: MediaType; body: unknown } | undefined {
  const content = (operation && responseFor(operation, error.status_code)?.content) ?? [];
  const readable = content.filter((m) => isJsonMediaType(m.mediaType) || isJoseType(m.mediaType));
  const media =
    readable.find((m) => m.examples.length > 0) ??
    readable.find((m) => isProblem(m.mediaType)) ??
    readable.find((m) => m.schema !== undefined);
  if (!media) return undefined;
  if (isProblem(media.mediaType)) return { media, body: problemBody(media, error) };
  const made = documentedBody(media);
  if (!made) return undefined;
  const body =
    made.value === media.examples[0]?.value ? made.value : withReason(media, made.value, reasonOf(error));
  return { media, body };
}

const isProblem = (mediaType: string): boolean => /problem\+json/i.test(mediaType);

/**
 * A problem+json: its first example with the real status and reason, and without the lists and objects that
 * describe the example's own occurrence (the Pix API's `violacoes` naming a field this request may not have
 * sent); an RFC 9457 problem when that breaks its schema or it has no example.
 */
function problemBody(media: MediaType, error: ErrorEnvelope): unknown {
  const example = media.examples[0]?.value;
  if (typeof example !== 'object' || example === null) return problemOf(error);
  const plain = Object.entries(example).filter(([, value]) => typeof value !== 'object' || value === null);
  const body = { ...Object.fromEntries(plain), status: error.status_code, detail: detailOf(error) };
  return breaksSchema(media, body) ? problemOf(error) : body;
}

/** The error's code, title and detail, for the fields of a made-up body that take them. */
const reasonOf = (error: ErrorEnvelope) => ({
  code: error.code,
  title: error.message,
  detail: detailOf(error),
  status: error.status_code,
});

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
