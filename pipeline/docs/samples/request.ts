// The request a code sample sends, read once from the model: every language's sample is written from this,
// so they all send the same thing (the operation's first named example, its parameters' examples, the
// account header where the operation needs it, a fresh idempotency id where it is idempotent by URL).
import {
  type MediaType,
  type Operation,
  type Parameter,
  parameterExample,
  requestMedia,
  type Server,
} from '@banking-api/contract';

export interface Pair {
  name: string;
  value: string;
}

/** A piece of the path: literal text (already percent-encoded) or the fresh idempotency id. */
export type PathPart = { text: string } | { idempotencyId: true };

export type SampleBody =
  | { kind: 'json'; mediaType: string; value: unknown }
  | { kind: 'multipart'; filePart: string; fileName: string; fileType: string; fields: Pair[] }
  | { kind: 'text'; mediaType: string; value: string };

export interface SampleRequest {
  operationId: string;
  method: string;
  /** The path template as the contract writes it (`/ar/pix/pix/{endToEndId}/refund/{id}`). */
  template: string;
  /** The path with every parameter filled in, as parts. */
  path: PathPart[];
  /** Path parameters, not encoded (the idempotency id among them, with its example). */
  pathParams: Pair[];
  /** Query parameters, not encoded. */
  query: Pair[];
  /** Header parameters (the account header among them). */
  headers: Pair[];
  body?: SampleBody;
  /** The path parameter that is the idempotency id, when the operation is idempotent by URL. */
  idempotency?: string;
  /** A Bearer token goes with the request (an `http` bearer scheme is required). */
  bearer: boolean;
  /** A client certificate goes with it (a `mutualTLS` scheme is required). */
  mutualTls: boolean;
  /** The sandbox address with its variables at their defaults (the local mock). */
  baseUrl: string;
}

/** The file a multipart sample uploads. */
export const SAMPLE_FILE = 'remessa.rem';

const placeholder = (p: Parameter): string => {
  const example = parameterExample(p);
  if (example === undefined) return `<${p.name}>`;
  return typeof example === 'string' ? example : JSON.stringify(example);
};

/** The sandbox address with its variables at their defaults (the local mock): where a sample goes by default. */
export function defaultBaseUrl(servers: readonly Server[]): string {
  const server = servers.find((s) => s.environment === 'sandbox') ?? servers[0];
  if (!server) throw new Error('docs: the contract lists no server');
  return server.url.replace(
    /\{([^}]+)\}/g,
    (whole, name: string) => server.variables[name]?.default ?? whole,
  );
}

function pathParts(op: Operation): PathPart[] {
  const parts: PathPart[] = [];
  let last = 0;
  for (const match of op.path.matchAll(/\{([^}]+)\}/g)) {
    parts.push({ text: op.path.slice(last, match.index) });
    const name = match[1] as string;
    const param = op.parameters.find((p) => p.in === 'path' && p.name === name);
    if (op.idempotency?.parameter === name) parts.push({ idempotencyId: true });
    else parts.push({ text: encodeURIComponent(param ? placeholder(param) : `<${name}>`) });
    last = (match.index ?? 0) + match[0].length;
  }
  parts.push({ text: op.path.slice(last) });
  // Adjacent literal text joined: `/ar/pix/pix/E000…/refund/` is one string in every language.
  const joined: PathPart[] = [];
  for (const part of parts) {
    const previous = joined.at(-1);
    if ('text' in part && previous && 'text' in previous) previous.text += part.text;
    else if (!('text' in part) || part.text) joined.push({ ...part });
  }
  return joined;
}

function bodyOf(op: Operation, media: MediaType | undefined): SampleBody | undefined {
  if (!media) return undefined;
  const value = media.examples[0]?.value;
  if (media.mediaType === 'multipart/form-data') {
    const file = media.fields?.find((field) => field.binary);
    if (!file) throw new Error(`docs: ${op.key} takes multipart/form-data without a file part`);
    const example = (value ?? {}) as Record<string, unknown>;
    const fields = (media.fields ?? [])
      .filter((field) => !field.binary && example[field.name] !== undefined)
      .map((field) => ({ name: field.name, value: String(example[field.name]) }));
    const fileType = file.contentType?.split(',')[0]?.trim() || 'application/octet-stream';
    return { kind: 'multipart', filePart: file.name, fileName: SAMPLE_FILE, fileType, fields };
  }
  if (/[/+]json\b/.test(media.mediaType))
    return { kind: 'json', mediaType: media.mediaType, value: value ?? {} };
  return { kind: 'text', mediaType: media.mediaType, value: typeof value === 'string' ? value : '' };
}

export function sampleRequest(op: Operation, baseUrl: string): SampleRequest {
  const first = op.security[0] ?? [];
  const pairs = (where: Parameter['in']) =>
    op.parameters.filter((p) => p.in === where).map((p) => ({ name: p.name, value: placeholder(p) }));
  return {
    operationId: op.operationId,
    method: op.method,
    template: op.path,
    path: pathParts(op),
    pathParams: pairs('path'),
    query: pairs('query'),
    headers: pairs('header'),
    body: bodyOf(op, requestMedia(op)),
    idempotency: op.idempotency?.parameter,
    bearer: first.some((r) => r.type === 'http' && r.httpScheme === 'bearer'),
    mutualTls: first.some((r) => r.type === 'mutualTLS'),
    baseUrl,
  };
}

/** The query string (`?a=1&b=2`, encoded), or ''. */
export const queryString = (req: SampleRequest): string =>
  req.query.length
    ? `?${req.query.map((q) => `${encodeURIComponent(q.name)}=${encodeURIComponent(q.value)}`).join('&')}`
    : '';

/** A name for the sample's program (Java and C# classes): `refundPix` → `RefundPix`. */
export const programName = (req: SampleRequest): string => {
  const words = req.operationId.replace(/[^A-Za-z0-9]+/g, ' ').trim();
  const name = words.replace(/(?:^|\s)(\w)/g, (_, c: string) => c.toUpperCase());
  return /^[A-Za-z]/.test(name) ? name : `Call${name}`;
};

/** The comment every sample puts above a fresh idempotency id. */
export const IDEMPOTENCY_NOTE =
  'A fresh idempotency id for each new operation; send it again only to repeat this one.';
