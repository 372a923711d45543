// A static file server for generated/site on 127.0.0.1. Paths without a file fall back to index.html,
// because Redoc routes by path (/pix/refundpix) when served over HTTP.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.yaml': 'application/yaml; charset=utf-8',
};

/** What docs:serve adds to the plain site: routes of its own, and markup for the page's head. */
export interface SiteExtension {
  /** Answers the request and returns true, or returns false to leave it to the file server. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Inserted at the end of index.html's head. */
  head: string;
}

/** The file a path names, inside `dir`; index.html when it names none. */
function fileOf(dir: string, url: string | undefined): string {
  const pathname = decodeURIComponent(new URL(url ?? '/', 'http://127.0.0.1').pathname);
  const file = path.join(dir, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
  const ext = path.extname(file);
  return ext && TYPES[ext] ? file : path.join(dir, 'index.html');
}

async function serveFile(dir: string, req: IncomingMessage, res: ServerResponse, head: string) {
  const target = fileOf(dir, req.url);
  try {
    let body: Buffer | string = await readFile(target);
    if (head && path.basename(target) === 'index.html')
      body = body.toString('utf8').replace('</head>', `${head}</head>`);
    res.writeHead(200, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
}

export function serveSite(
  dir: string,
  port = 0,
  extension?: SiteExtension,
): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    if (extension && (await extension.handle(req, res))) return;
    await serveFile(dir, req, res, extension?.head ?? '');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({ server, url: `http://127.0.0.1:${actual}/` });
    });
  });
}
