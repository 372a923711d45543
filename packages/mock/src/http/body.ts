// The request body, read once within the limits and checked before Prism sees it: JSON must parse
// (also the free-form webhook test body), a multipart form must be well formed and carry the model's
// fields, an urlencoded form must meet its schema as the contract's encoding reads it. What Prism gets is what was checked: the parsed JSON, or the re-written form.
import type { IncomingMessage } from 'node:http';
import { MIMEType } from 'node:util';
import { type MediaType, type Operation, resolveSchema } from '@banking-api/contract';
import type { Limits } from '../api/limits.ts';
import { josePayload } from '../pki/jws.ts';
import { readAccept } from './accept.ts';
import { bearerCredential } from './bearer.ts';
import { type ErrorEnvelope, envelope, type ViolationDetail } from './envelope.ts';
import { hopByHopHeaders } from './hop-by-hop.ts';
import { jsonLimitRefusal } from './json-limits.ts';
import { type BodyRead, readBody } from './limits.ts';
import { isJoseType } from './media.ts';
import { checkMultipart } from './multipart.ts';
import { readUrlencoded } from './urlencoded.ts';

/** The body and headers handed to Prism. */
export interface PrismBody {
  body: unknown;
  headers: Record<string, string>;
}

export type BodyCheck = { ok: true; value: PrismBody } | { ok: false; refusal: ErrorEnvelope };

// Request headers never handed on: the connection's own, and `expect` (the gateway answered it already).
const hopByHop = new Set([...hopByHopHeaders, 'expect']);

const jsonType = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const multipartType = /^multipart\/form-data\s*(?:;|$)/i;
const urlencodedType = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

/**
 * The body of `req`, read once within the limits: every later call gets the same result (a hook and
 * the gateway may both need it). No body declared reads as empty.
 */
export function bodyReader(req: IncomingMessage, limits: Limits): () => Promise<BodyRead> {
  let read: Promise<BodyRead> | undefined;
  return () => {
    read ??= hasBody(req) ? readBody(req, limits) : Promise.resolve({ ok: true, body: Buffer.alloc(0) });
    return read;
  };
}

/**
 * Checks the body of `req` (`read` reads it once). `operation` is the one the request names, if any;
 * `strict` (mock mode) refuses what the contract cannot accept, proxy mode passes it on for the real
 * environment.
 */
export async function prismBody(
  req: IncomingMessage,
  read: () => Promise<BodyRead>,
  operation: Operation | undefined,
  path: string,
  limits: Limits | undefined,
): Promise<BodyCheck> {
  const headers = plainHeaders(req);
  // Prism knows the scheme only as `Bearer`; RFC 9110 §11.1 makes it case-insensitive.
  const credential = bearerCredential(headers.authorization);
  if (credential) headers.authorization = `Bearer ${credential}`;
  const typeProblem = contentTypeProblem(headers['content-type'], path) ?? acceptProblem(headers, path);
  if (typeProblem) return { ok: false, refusal: typeProblem };
  return checkRead(await read(), headers, operation, path, limits);
}

/** `limits` in mock mode (the contract's checks); none in proxy mode, which passes bodies on. */
function checkRead(
  read: BodyRead,
  headers: Record<string, string>,
  operation: Operation | undefined,
  path: string,
  limits: Limits | undefined,
): Promise<BodyCheck> | BodyCheck {
  if (!read.ok) return { ok: false, refusal: readRefusal(read, path) };
  if (read.body.length === 0) return { ok: true, value: { body: null, headers } };
  headers['content-length'] = String(read.body.length);
  return limits ? checkedBody(read.body, headers, operation, path, limits) : passedBody(read.body, headers);
}

/**
 * Mock mode: a body of a media type the operation does not take is a 415; a form for an operation that
 * takes one is checked; JSON (declared or expected) must be UTF-8, within the depth and size limits, and
 * parse.
 */
async function checkedBody(
  bytes: Buffer,
  headers: Record<string, string>,
  operation: Operation | undefined,
  path: string,
  limits: Limits,
): Promise<BodyCheck> {
  const contentType = headers['content-type'] ?? '';
  const media = operation?.requestBody?.content ?? [];
  const unsupported = unsupportedMediaType(contentType, media, path);
  if (unsupported) return { ok: false, refusal: unsupported };
  const form = media.find((m) => m.mediaType === 'multipart/form-data');
  if (form && multipartType.test(contentType)) return formBody(contentType, bytes, form, headers, path);
  const urlencoded = media.find((m) => m.mediaType === 'application/x-www-form-urlencoded');
  if (urlencoded && urlencodedType.test(contentType)) return urlencodedBody(bytes, urlencoded, headers, path);
  if (isJoseType(contentType)) return joseBody(bytes, headers, path);
  const expectsJson = contentType === '' && media.some((m) => jsonType.test(m.mediaType));
  if (jsonType.test(contentType) || expectsJson) {
    const refusal = jsonLimitRefusal(bytes, limits, path);
    if (refusal) return { ok: false, refusal };
    const checked = jsonBody(bytes, headers, path, true);
    return checked.ok && checked.value.body === null ? nullBody(media, headers, path) : checked;
  }
  return passedBody(bytes, headers);
}

/** A 415 in the envelope when the operation declares its media types and the body is none of them. */
function unsupportedMediaType(
  contentType: string,
  media: readonly MediaType[],
  path: string,
): ErrorEnvelope | undefined {
  if (contentType === '' || media.length === 0) return undefined;
  const essence = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const takes = (declared: string) =>
    declared.toLowerCase() === essence || (jsonType.test(declared) && jsonType.test(contentType));
  if (media.some((m) => takes(m.mediaType))) return undefined;
  const accepted = media.map((m) => m.mediaType).join(', ');
  const detail = {
    location: 'header',
    field: 'content-type',
    code: 'unsupported_media_type',
    message: `This operation takes ${accepted}, not ${essence}.`,
  };
  const message = `The body's media type ${essence} is not one this operation takes (${accepted}).`;
  return envelope(415, 'UNSUPPORTED_MEDIA_TYPE', message, path, [detail]);
}

/** The body as Prism's own server would hand it on: parsed JSON where it parses, else text. */
function passedBody(bytes: Buffer, headers: Record<string, string>): BodyCheck {
  if (jsonType.test(headers['content-type'] ?? '')) return jsonBody(bytes, headers, '', false);
  return { ok: true, value: { body: bytes.toString('utf8'), headers } };
}

/** A Content-Type that is no media type at all (Prism's parser would throw on it): refused. */
function contentTypeProblem(contentType: string | undefined, path: string): ErrorEnvelope | undefined {
  if (contentType === undefined) return undefined;
  try {
    new MIMEType(contentType);
    return undefined;
  } catch {
    return invalidHeader('content-type', 'The Content-Type is not a media type.', path);
  }
}

function invalidHeader(field: string, message: string, path: string): ErrorEnvelope {
  const detail = { location: 'header', field, code: 'invalid', message };
  return envelope(400, 'VALIDATION_ERROR', 'The request is invalid.', path, [detail]);
}

/** An Accept header with an element that is no media range: refused; empty elements are dropped. */
function acceptProblem(headers: Record<string, string>, path: string): ErrorEnvelope | undefined {
  if (headers.accept === undefined) return undefined;
  const accept = readAccept(headers.accept);
  if (accept !== undefined) {
    headers.accept = accept;
    return undefined;
  }
  const message = 'The Accept header is not a list of media ranges (type/subtype;parameters).';
  return invalidHeader('accept', message, path);
}

const limitCode = { 400: 'BAD_REQUEST', 408: 'REQUEST_TIMEOUT', 413: 'PAYLOAD_TOO_LARGE' } as const;

/** A body that could not be read within the limits, in the envelope (408, 413, or 400 when cut short). */
export function readRefusal(read: Extract<BodyRead, { ok: false }>, path: string): ErrorEnvelope {
  return envelope(read.status, limitCode[read.status], read.message, path);
}

/** Whether the request says it has a body (a length or a chunked transfer). */
function hasBody(req: IncomingMessage): boolean {
  return req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
}

/** The end-to-end headers as name → value (repeated ones joined, as node:http does). */
function plainHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !hopByHop.has(name))
      out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function jsonBody(bytes: Buffer, headers: Record<string, string>, path: string, strict: boolean): BodyCheck {
  try {
    return { ok: true, value: { body: JSON.parse(bytes.toString('utf8')), headers } };
  } catch {
    // proxy mode: the real environment judges what it is sent
    if (!strict) return { ok: true, value: { body: bytes.toString('utf8'), headers } };
    const detail: ViolationDetail = {
      location: 'body',
      code: 'invalid_json',
      message: 'The body is not valid JSON.',
    };
    return {
      ok: false,
      refusal: envelope(400, 'VALIDATION_ERROR', 'The request is invalid.', path, [detail]),
    };
  }
}

/**
 * A JSON body that is `null`: Prism would read it as no body at all (and accept it where the body is
 * optional), so it is refused unless the operation's JSON schema allows null; allowed, it is passed on as
 * the text `null`.
 */
function nullBody(media: readonly MediaType[], headers: Record<string, string>, path: string): BodyCheck {
  const schema = resolveSchema(media.find((m) => jsonType.test(m.mediaType))?.schema);
  const types = [schema?.type ?? []].flat();
  if (types.includes('null') || schema?.nullable === true)
    return { ok: true, value: { body: 'null', headers } };
  const detail: ViolationDetail = { location: 'body', code: 'type', message: 'The body is null.' };
  return { ok: false, refusal: envelope(400, 'VALIDATION_ERROR', 'The request is invalid.', path, [detail]) };
}

/**
 * A JWS or JWT body (`application/jose`, `application/jwt`): a compact JWS, whose JSON payload is what the
 * contract's schema describes and what Prism judges; not a JSON object itself.
 */
function joseBody(bytes: Buffer, headers: Record<string, string>, path: string): BodyCheck {
  const read = josePayload(bytes.toString('utf8'));
  if (read) return { ok: true, value: { body: read.payload, headers } };
  const detail: ViolationDetail = {
    location: 'body',
    code: 'invalid_jws',
    message: 'The body is not a compact JWS (header.payload.signature in base64url) with a JSON payload.',
  };
  return { ok: false, refusal: envelope(400, 'VALIDATION_ERROR', 'The request is invalid.', path, [detail]) };
}

/**
 * An urlencoded form, read by its schema (urlencoded.ts): refused with its violations, or handed to Prism as
 * the value read, without a content type or length, so Prism judges it as a JSON value (its own form reader
 * misreads deepObject fields).
 */
function urlencodedBody(
  bytes: Buffer,
  media: MediaType,
  headers: Record<string, string>,
  path: string,
): BodyCheck {
  const read = readUrlencoded(bytes, media);
  if (!read.ok)
    return {
      ok: false,
      refusal: envelope(400, 'VALIDATION_ERROR', 'The request is invalid.', path, read.details),
    };
  const { 'content-type': _type, 'content-length': _length, ...rest } = headers;
  return { ok: true, value: { body: read.value, headers: rest } };
}

async function formBody(
  contentType: string,
  bytes: Buffer,
  media: MediaType,
  headers: Record<string, string>,
  path: string,
): Promise<BodyCheck> {
  const form = await checkMultipart(contentType, bytes, media);
  if (!form.ok)
    return {
      ok: false,
      refusal: envelope(400, 'VALIDATION_ERROR', 'The request is invalid.', path, form.details),
    };
  const rewritten = {
    ...headers,
    'content-type': form.contentType,
    'content-length': String(Buffer.byteLength(form.body)),
  };
  return { ok: true, value: { body: form.body, headers: rewritten } };
}
