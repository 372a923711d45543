// A static file server for generated/site on 127.0.0.1, for this machine's browser only (guard.ts: the Host
// must name this server), every answer with the site's security headers (headers.ts). A request it cannot read
// (a malformed percent-escape, say) is answered 400; no request ever stops the server.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { ownHost } from './guard.ts';
import { securityHeaders } from './headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.yaml': 'application/yaml; charset=utf-8',
};

/** What docs:serve adds to the plain site: routes of its own, and markup for the page's head. */
export interface SiteExtension {
  /** Answers the request and returns true, or returns false to leave it to the file server. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Inserted at the end of each page's head. */
  head: string;
}

class BadRequest extends Error {}

/** The file a path names, inside `dir` (a folder's index.html for a path ending in `/`). */
function fileOf(dir: string, url: string | undefined): string {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url ?? '/', 'http://127.0.0.1').pathname);
  } catch {
    throw new BadRequest('the path is not a valid URL path (malformed percent-escape?)');
  }
  if (pathname.includes('\0')) throw new BadRequest('the path holds a NUL byte');
  const file = path.join(dir, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
  return pathname.endsWith('/') ? path.join(file, 'index.html') : file;
}

async function serveFile(dir: string, req: IncomingMessage, res: ServerResponse, head: string) {
  const target = fileOf(dir, req.url);
  let body: Buffer | string;
  try {
    if (!TYPES[path.extname(target)]) throw new Error('not a file of the site');
    body = await readFile(target);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain', ...securityHeaders() }).end('not found');
    return;
  }
  const type = TYPES[path.extname(target)] ?? 'application/octet-stream';
  if (path.extname(target) !== '.html') {
    res.writeHead(200, { 'content-type': type, ...securityHeaders() }).end(body);
    return;
  }
  const html = head ? body.toString('utf8').replace('</head>', `${head}</head>`) : body.toString('utf8');
  res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store', ...securityHeaders(html) });
  res.end(html);
}

/** One request: refused unless it names this server; any failure is this request's answer, never a crash. */
async function answer(
  dir: string,
  extension: SiteExtension | undefined,
  req: IncomingMessage,
  res: ServerResponse,
) {
  try {
    if (!ownHost(req)) {
      res
        .writeHead(421, { 'content-type': 'text/plain', ...securityHeaders() })
        .end('this server answers only its own address on this machine (127.0.0.1 or localhost)');
      return;
    }
    if (extension && (await extension.handle(req, res))) return;
    await serveFile(dir, req, res, extension?.head ?? '');
  } catch (error) {
    const status = error instanceof BadRequest ? 400 : 500;
    if (!res.headersSent) res.writeHead(status, { 'content-type': 'text/plain', ...securityHeaders() });
    res.end(error instanceof BadRequest ? error.message : 'the docs server failed on this request');
  }
}

export function serveSite(
  dir: string,
  port = 0,
  extension?: SiteExtension,
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => void answer(dir, extension, req, res));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({ server, url: `http://127.0.0.1:${actual}/` });
    });
  });
}
