// What a stub sends: its status, its body (or a default the contract documents), its headers, with the
// contract's echo rules applied as to any answer (a stubbed Pix refund still answers its path's `id`).
import { STATUS_CODES } from 'node:http';
import {
  envelopeKind,
  jsonContent,
  type MediaType,
  type Operation,
  responseFor,
} from '@banking-api/contract';
import { echoFor } from './echo.ts';
import { envelope } from './envelope.ts';
import { failureOf } from './faults.ts';
import type { Answer } from './forward.ts';
import type { RequestContext } from './hooks.ts';

/** A kept stub's answer: its body kept as JSON text (the bytes a session's budget counts). */
export interface StubAnswer {
  status: number;
  body: string | undefined;
  headers: Record<string, string>;
}

/**
 * The answer to send. Without a body, an error status the error envelope documents gets the envelope (a 5xx
 * the code the mock's faults give it, another status one from its name: `UNPROCESSABLE_ENTITY`), anything
 * else the response's first example.
 */
export function stubAnswer(op: Operation, answer: StubAnswer, ctx: RequestContext): Answer {
  const { status, headers } = answer;
  const media = jsonContent(responseFor(op, status)?.content ?? []);
  let body = answer.body ?? serialized(defaultBody(media, status, ctx.path));
  const echo = echoFor(op, status);
  if (echo && body !== undefined) {
    const value = JSON.parse(body) as unknown;
    if (value && typeof value === 'object') echo(value as Record<string, unknown>, ctx.match?.params ?? {});
    body = JSON.stringify(value);
  }
  if (body === undefined || status === 204 || status === 304) return { status, headers: { ...headers } };
  return { status, headers: { 'content-type': media?.mediaType ?? 'application/json', ...headers }, body };
}

const serialized = (value: unknown): string | undefined =>
  value === undefined ? undefined : JSON.stringify(value);

function defaultBody(media: MediaType | undefined, status: number, path: string): unknown {
  if (envelopeKind(media?.schema) !== 'error') return media?.examples[0]?.value;
  if (status >= 500) {
    const [code, message] = failureOf(status);
    return envelope(status, code, message, path);
  }
  const reason = STATUS_CODES[status] ?? `HTTP ${status}`;
  const code = reason.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  return envelope(status, code, `${reason} (a stub of this session).`, path);
}
