// The gateway's Prism side: streams a request to Prism and its answer back. In mock mode Prism's error
// answers become the contract's error envelope and the contract's echo rules are applied; in proxy mode
// answers pass through untouched. Either way, contract violations Prism reports are passed on.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { RouteMatch } from '@banking-api/contract';
import type { Dispatcher, Pool } from 'undici';
import { echoes } from './echo.ts';
import { type ErrorEnvelope, envelope, rewriteError } from './envelope.ts';

export interface Violation {
  method: string;
  path: string;
  status: number;
  /** Prism's `sl-violations` entries, as "location: message". */
  violations: string[];
}

export interface PrismLink {
  /** Keep-alive connections to Prism through undici, which costs about half of node:http per request. */
  pool: Pool;
  /** mock: errors become envelopes and echo rules apply. proxy: answers pass through untouched. */
  mode: 'mock' | 'proxy';
  onViolation?: (violation: Violation) => void;
}

// Hop-by-hop headers describe one connection and are not forwarded (undici refuses most of them);
// `expect: 100-continue` is answered by Node's server already.
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'expect',
]);
const maxErrorBody = 1 << 20;

/** Sends `req` on to Prism and Prism's answer to `res`; `match` is the operation the request names. */
export function forward(
  prism: PrismLink,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  match?: RouteMatch,
): void {
  const hasBody =
    req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  // stream(): undici writes Prism's answer straight into `res` (or into a buffering writer), with no
  // intermediate body stream per request.
  prism.pool.stream(
    {
      method: (req.method ?? 'GET') as Dispatcher.HttpMethod,
      path: req.url ?? '/',
      headers: forwardedHeaders(req.rawHeaders),
      body: hasBody ? req : null,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    },
    ({ statusCode, headers }) => {
      const violations = typeof headers['sl-violations'] === 'string' ? headers['sl-violations'] : undefined;
      if (violations !== undefined) reportViolations(prism, req, statusCode, violations);
      return answerWriter(prism.mode, res, { status: statusCode, headers, violations, path, match });
    },
    (error) => {
      if (!error) return;
      if (res.headersSent) return res.destroy();
      sendEnvelope(
        res,
        envelope(502, 'BAD_GATEWAY', `The mock could not get an answer from Prism: ${error.message}`, path),
      );
    },
  );
}

/** Sends an error envelope as the whole answer. */
export function sendEnvelope(res: ServerResponse, body: ErrorEnvelope, extra: Record<string, string> = {}) {
  const json = JSON.stringify(body);
  res.writeHead(body.status_code, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(json),
    ...extra,
  });
  res.end(json);
}

/** The request's headers without hop-by-hop ones, as undici takes them (flat name/value list). */
function forwardedHeaders(raw: string[]): string[] {
  const headers: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (!hopByHop.has((raw[i] as string).toLowerCase())) headers.push(raw[i] as string, raw[i + 1] as string);
  }
  return headers;
}

function reportViolations(prism: PrismLink, req: IncomingMessage, status: number, header: string) {
  prism.onViolation?.({
    method: req.method ?? '',
    path: req.url ?? '',
    status,
    violations: violationLines(header),
  });
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  violations: string | undefined;
  path: string;
  match: RouteMatch | undefined;
}

/** Where Prism's answer body goes: rewritten into an envelope, through an echo rule, or straight to `res`. */
function answerWriter(mode: PrismLink['mode'], res: ServerResponse, answer: Answer): Writable {
  if (mode === 'mock' && answer.status >= 400) return errorRewriter(res, answer);
  const headers = endToEndHeaders(answer.headers);
  const echo = mode === 'mock' && answer.match ? echoes[answer.match.operation.operationId] : undefined;
  if (echo && answer.match && answer.status < 300) {
    const { params } = answer.match;
    return echoing(res, answer.status, headers, (body) => echo(body, params));
  }
  res.writeHead(answer.status, headers);
  return res;
}

function endToEndHeaders(headers: Answer['headers']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !hopByHop.has(name)) out[name] = value;
  }
  return out;
}

/** Buffers an error answer of Prism's, then sends the contract's envelope in its place. */
function errorRewriter(res: ServerResponse, { status, violations, path }: Answer): Writable {
  const chunks: Buffer[] = [];
  let size = 0;
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size <= maxErrorBody) chunks.push(chunk);
      done();
    },
    final(done) {
      sendEnvelope(res, rewriteError(status, Buffer.concat(chunks), violations, path));
      done();
    },
  });
}

/** Buffers a JSON success answer of Prism's, applies the contract's echo rule, then sends it. */
function echoing(
  res: ServerResponse,
  status: number,
  headers: Record<string, string | string[]>,
  apply: (body: Record<string, unknown>) => void,
): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
    final(done) {
      let body = Buffer.concat(chunks);
      try {
        const json = JSON.parse(body.toString('utf8'));
        if (json && typeof json === 'object') apply(json);
        body = Buffer.from(JSON.stringify(json));
      } catch {
        // not JSON: pass it on as Prism sent it
      }
      res.writeHead(status, { ...headers, 'content-length': String(body.length) });
      res.end(body);
      done();
    },
  });
}

/** Prism's `sl-violations` header as "location: message" lines. */
function violationLines(header: string): string[] {
  try {
    const parsed = JSON.parse(header) as { location?: string[]; message?: string }[];
    return parsed.map((v) => `${(v.location ?? []).join('.')}: ${v.message ?? ''}`);
  } catch {
    return [header];
  }
}
