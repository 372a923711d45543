// What a stub sends: its status, its body (or what the contract documents), its headers, with the contract's
// echo rules applied as to any answer (a stubbed Pix refund still answers its path's `id`).
import {
  envelopeKind,
  jsonContent,
  type MediaType,
  type Operation,
  responseFor,
} from '@banking-api/contract';
import type { Answer } from '../http/answer.ts';
import { echoFor } from '../http/echo.ts';
import { documentedError } from '../http/error-answers.ts';

/** A kept stub's answer: its body kept as JSON text (the bytes a session's budget counts). */
export interface StubAnswer {
  status: number;
  body: string | undefined;
  headers: Record<string, string>;
}

/**
 * The answer to send to a request of `op` at `path`. Without a body, an error status the error envelope
 * documents gets the error the contract documents for it (http/error-answers.ts: a 400 VALIDATION_ERROR, a
 * 422 `UNPROCESSABLE_ENTITY` by its name), anything else the response's first example.
 */
export function stubAnswer(
  op: Operation,
  answer: StubAnswer,
  path: string,
  params: Readonly<Record<string, string>>,
): Answer {
  const { status, headers } = answer;
  const media = jsonContent(responseFor(op, status)?.content ?? []);
  let body = answer.body ?? serialized(defaultBody(op, media, status, path));
  const echo = echoFor(op, status);
  if (echo && body !== undefined) {
    const value = JSON.parse(body) as unknown;
    if (value && typeof value === 'object') echo(value as Record<string, unknown>, params);
    body = JSON.stringify(value);
  }
  if (body === undefined || status === 204 || status === 304) return { status, headers: { ...headers } };
  return { status, headers: { 'content-type': media?.mediaType ?? 'application/json', ...headers }, body };
}

const serialized = (value: unknown): string | undefined =>
  value === undefined ? undefined : JSON.stringify(value);

function defaultBody(op: Operation, media: MediaType | undefined, status: number, path: string): unknown {
  if (envelopeKind(media?.schema) !== 'error') return media?.examples[0]?.value;
  return documentedError(op, status, path, 'a stub of this session');
}
