// Try it against the mock (docs:serve only): the page's try-it panels send their requests here, and this
// server forwards them to the configured mock with the development client certificate and a token minted
// with the operation's scopes. A browser cannot present a client certificate by itself; this is the one
// place that holds it, so it forwards nothing but operations of the contract, to nothing but the mock, and
// only for a page of its own (guard.ts: Host, Origin and the secret each page carries in a meta tag).
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { request } from 'node:https';
import path from 'node:path';
import {
  bearerScopes,
  type ContractModel,
  createRouter,
  type Operation,
  parameterExample,
  type RouteResult,
  requestMedia,
} from '@banking-api/contract';
import { pkiFiles, signToken } from '@banking-api/mock';
import { operationAnchor } from '../../pipeline/docs/anchors.ts';
import { root } from '../../scripts/paths.ts';
import { newSecret, notFromOwnPage } from './guard.ts';
import { securityHeaders } from './headers.ts';
import type { SiteExtension } from './static-server.ts';

/** Where the page finds the panel, the operations and the proxy. */
export const TRY_IT_PREFIX = '/__try-it/';
const SEND_PREFIX = `${TRY_IT_PREFIX}send`;
const panelScript = path.join(root, 'docs/site/try-it.js');

export interface TryItOptions {
  /** The mock's https URL, e.g. https://127.0.0.1:8443 (`npm run mock`). */
  mockUrl: string;
  /** The mock's dev PKI folder (client certificate, server CA, token signing key). */
  pkiDir: string;
  /** The contract as last built: the operations that may be sent. */
  model: () => ContractModel;
  /** Largest request body forwarded, in bytes. */
  maxBodyBytes?: number;
  /** Longest wait for the browser's body and for the mock's answer, in ms. */
  timeoutMs?: number;
  /** The secret the pages carry (a fresh one per server by default). */
  secret?: string;
}

/** What a panel needs of an operation: its request, with the named examples to start from. */
export interface TryItOperation {
  anchor: string;
  method: string;
  path: string;
  scopes: string[];
  parameters: { name: string; in: string; required: boolean; example?: unknown }[];
  body?: {
    mediaType: string;
    examples: { name: string; summary?: string; value: unknown }[];
    fields?: { name: string; binary: boolean }[];
  };
}

/** The Bearer scopes a token needs for `op` (its first alternative); undefined when no token is asked for. */
function scopesFor(op: Operation): string[] | undefined {
  return bearerScopes(op)[0];
}

export function tryItOperations(model: ContractModel): TryItOperation[] {
  return model.operations.map((op) => {
    const content = requestMedia(op);
    return {
      anchor: operationAnchor(op).slice(2),
      method: op.method,
      path: op.path,
      scopes: scopesFor(op) ?? [],
      parameters: op.parameters
        .filter((p) => p.in !== 'cookie')
        .map((p) => ({ name: p.name, in: p.in, required: p.required, example: parameterExample(p) })),
      body: content && {
        mediaType: content.mediaType,
        examples: content.examples.map(({ name, summary, value }) => ({ name, summary, value })),
        fields: content.fields?.map(({ name, binary }) => ({ name, binary })),
      },
    };
  });
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The request body, refused past `max` bytes or when it takes longer than `timeoutMs` to arrive. */
function readBody(req: IncomingMessage, max: number, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const fail = (error: Refusal) => {
      clearTimeout(timer);
      req.removeAllListeners('data');
      req.resume(); // drain, so the refusal can still be answered
      reject(error);
    };
    const timer = setTimeout(() => fail(new Refusal(408, 'the request body took too long')), timeoutMs);
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) fail(new Refusal(413, `request bodies are limited to ${max} bytes here`));
      else chunks.push(chunk);
    });
    req.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => fail(new Refusal(400, error.message)));
  });
}

/** The operation a proxied request names, or a refusal: only the contract's operations go through. */
function routeOf(model: ContractModel, method: string, pathname: string): Operation {
  const route: RouteResult = createRouter(model)(method, pathname);
  if (route.kind === 'match') return route.match.operation;
  if (route.kind === 'method-not-allowed')
    throw new Refusal(
      405,
      `${method} ${pathname} is not an operation (allowed: ${route.allowed.join(', ')})`,
    );
  if (route.kind === 'bad-path') throw new Refusal(400, route.reason);
  throw new Refusal(404, `${pathname} is not a path of the contract`);
}

/** Headers the mock gets: the body's type, Prism's `Prefer`, and the operation's own header parameters. */
function forwardedHeaders(req: IncomingMessage, op: Operation): Record<string, string> {
  const allowed = new Set([
    'content-type',
    'accept',
    'prefer',
    ...op.parameters.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase()),
  ]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (allowed.has(name) && typeof value === 'string') headers[name] = value;
  return headers;
}

interface Pki {
  cert: string;
  key: string;
  ca: string;
  signingKey: string;
}

/** Read at each request: the mock may have been started, or its PKI renewed, after this server. */
async function readPki(dir: string): Promise<Pki> {
  const read = (name: string) => readFile(path.join(dir, name), 'utf8');
  try {
    const [cert, key, ca, signingKey] = await Promise.all([
      read(pkiFiles.clientCert('sandbox')),
      read(pkiFiles.clientKey('sandbox')),
      read(pkiFiles.serverCa),
      read(pkiFiles.jwtPrivateKey),
    ]);
    return { cert, key, ca, signingKey };
  } catch {
    throw new Refusal(503, `no mock PKI in ${dir}: start the mock first (npm run mock)`);
  }
}

interface MockAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request to the mock over mutual TLS, bounded in time and in the size of the answer kept. */
function send(
  url: URL,
  init: { method: string; headers: Record<string, string>; body: Buffer; pki: Pki; timeoutMs: number },
): Promise<MockAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: init.method,
      headers: { ...init.headers, 'content-length': String(init.body.length) },
      cert: init.pki.cert,
      key: init.pki.key,
      ca: init.pki.ca,
      signal: AbortSignal.timeout(init.timeoutMs),
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', (error) =>
      reject(
        new Refusal(
          502,
          `the mock at ${url.origin} did not answer (${error.message}); is npm run mock running?`,
        ),
      ),
    );
    req.end(init.body);
  });
}

const json = (res: ServerResponse, status: number, value: unknown) =>
  res
    .writeHead(status, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      ...securityHeaders(),
    })
    .end(JSON.stringify(value));

/** The proxy: `/__try-it/send/hb/...` → the mock's `/hb/...`, answered as `{ status, headers, body }`. */
async function proxy(req: IncomingMessage, res: ServerResponse, options: TryItOptions): Promise<void> {
  const { maxBodyBytes = 1 << 20, timeoutMs = 10_000 } = options;
  const method = req.method ?? 'GET';
  const incoming = new URL(req.url ?? '/', 'http://127.0.0.1');
  const pathname = incoming.pathname.slice(SEND_PREFIX.length);
  const op = routeOf(options.model(), method, pathname);
  const body = await readBody(req, maxBodyBytes, timeoutMs);
  const pki = await readPki(options.pkiDir);
  const headers = forwardedHeaders(req, op);
  const scopes = scopesFor(op);
  if (scopes) headers.authorization = `Bearer ${await signToken(pki.signingKey, { env: 'sandbox', scopes })}`;
  // The target is built from the mock's URL and the routed path only: nothing else of the request picks it.
  const target = new URL(options.mockUrl);
  target.pathname = target.pathname.replace(/\/$/, '') + pathname;
  target.search = incoming.search;
  const answer = await send(target, { method, headers, body, pki, timeoutMs });
  json(res, 200, { ...answer, sent: { method, url: target.href, scopes: scopes ?? null } });
}

/** The try-it routes (a handler: false when the request is not one of them) and what each page's head gets. */
export function createTryIt(options: TryItOptions): SiteExtension {
  const secret = options.secret ?? newSecret();
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (!pathname.startsWith(TRY_IT_PREFIX)) return false;
    try {
      if (pathname === `${TRY_IT_PREFIX}panel.js`) {
        res
          .writeHead(200, { 'content-type': 'text/javascript', ...securityHeaders() })
          .end(await readFile(panelScript));
        return true;
      }
      const refusal = notFromOwnPage(req, secret);
      if (refusal) throw new Refusal(403, `not sent: ${refusal}`);
      if (pathname === `${TRY_IT_PREFIX}operations.json`)
        json(res, 200, {
          mock: new URL(options.mockUrl).origin,
          operations: tryItOperations(options.model()),
        });
      else if (pathname.startsWith(`${SEND_PREFIX}/`)) await proxy(req, res, options);
      else json(res, 404, { error: `no such try-it route: ${pathname}` });
    } catch (error) {
      const status = error instanceof Refusal ? error.status : 502;
      json(res, status, { error: error instanceof Error ? error.message : String(error) });
    }
    return true;
  };
  return { handle, head: tryItHead(secret) };
}

/** What docs:serve adds to each page's head for try-it: the panel's script and the server's secret. */
export const tryItHead = (secret: string): string =>
  `<meta name="try-it-secret" content="${secret}"><script src="${TRY_IT_PREFIX}panel.js" defer></script>`;
