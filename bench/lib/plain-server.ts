// A bare static server for plain Redoc's page in the benchmarks: the docs server's Content-Security-Policy
// would stop the script that page loads from Redoc's CDN (served from this machine by the benchmark).
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

export function servePlain(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    const name = new URL(req.url ?? '/', 'http://127.0.0.1').pathname.replace(/^\/+/, '') || 'index.html';
    const body = await readFile(path.join(dir, path.basename(name))).catch(() => undefined);
    if (!body) return void res.writeHead(404).end();
    const type = name.endsWith('.html')
      ? 'text/html; charset=utf-8'
      : name.endsWith('.json')
        ? 'application/json'
        : 'application/octet-stream';
    res.writeHead(200, { 'content-type': type }).end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/` }),
    ),
  );
}
