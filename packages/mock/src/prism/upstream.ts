// Proxy mode's last hop: Prism speaks plain HTTP only, so it forwards to this loopback server, which
// sends each request on to the real environment over TLS with the team's own client certificate.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Agent, request } from 'node:https';
import { type AddressInfo, isIP } from 'node:net';
import { pipeline } from 'node:stream';

export interface EgressOptions {
  /** The real environment's base URL, e.g. https://sandbox.example.com/api. */
  upstream: string;
  /** PEM client certificate, key and (optional) CA for the upstream's mTLS. */
  cert?: string;
  key?: string;
  ca?: string;
}

export interface Egress {
  url: string;
  close(): Promise<void>;
}

export async function startEgress(options: EgressOptions): Promise<Egress> {
  const upstream = new URL(options.upstream);
  if (upstream.protocol !== 'https:')
    throw new Error(`--proxy needs an https:// URL, got ${options.upstream}`);
  const basePath = upstream.pathname.replace(/\/$/, '');
  const agent = new Agent({ keepAlive: true, cert: options.cert, key: options.key, ca: options.ca });

  const server: Server = createServer((req, res) => {
    const headers: IncomingHttpHeaders = { ...req.headers, host: upstream.host };
    delete headers.connection;
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port || 443,
        method: req.method,
        path: basePath + (req.url ?? '/'),
        headers,
        agent,
        ...(isIP(upstream.hostname) ? {} : { servername: upstream.hostname }),
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        pipeline(answer, res, () => {});
      },
    );
    out.once('error', (error) => {
      if (res.headersSent) return res.destroy();
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`The upstream ${upstream.origin} could not be reached: ${error.message}`);
    });
    pipeline(req, out, () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      agent.destroy();
    },
  };
}
