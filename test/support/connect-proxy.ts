// A real local CONNECT proxy (an egress proxy as bank networks have them) for tests: node:http answering
// CONNECT by piping bytes to the target, which it only allows on loopback. It records each tunnel's
// target; `requireAuth` makes it answer 407 without the right Proxy-Authorization; `silent` makes it a hung
// proxy that reads CONNECTs and never answers them. It stops by itself when the test's process ends
// (unref'd) and on close().
import { createServer, type IncomingMessage } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';

export interface ConnectProxy {
  url: string;
  /** `host:port` of every tunnel asked for, in order. */
  tunnels: string[];
  /** While true, a CONNECT gets no answer at all and its socket is held open until the client closes it. */
  silent: boolean;
  /** Resolves once the client has closed every CONNECT left unanswered (it gave up waiting). */
  unansweredClosed(): Promise<void>;
  close(): Promise<void>;
}

export interface ConnectProxyOptions {
  /** `user:password` the proxy wants (Basic); without it, 407. */
  requireAuth?: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export async function startConnectProxy(options: ConnectProxyOptions = {}): Promise<ConnectProxy> {
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const unanswered = new Set<Socket>();
  let waiters: (() => void)[] = [];
  const settleWaiters = () => {
    if (unanswered.size > 0) return;
    for (const resolve of waiters) resolve();
    waiters = [];
  };
  const server = createServer((_req, res) => {
    res.writeHead(405).end('CONNECT only'); // plain proxying is not what the client does
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    tunnels.push(target);
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (proxy.silent) {
      unanswered.add(client);
      client.on('close', () => {
        unanswered.delete(client);
        settleWaiters();
      });
      client.on('end', () => client.destroy()); // reading, so that the client's closing is seen
      client.resume();
      return;
    }
    const expected = options.requireAuth && `Basic ${Buffer.from(options.requireAuth).toString('base64')}`;
    if (expected && req.headers['proxy-authorization'] !== expected) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n');
      return;
    }
    const colon = target.lastIndexOf(':');
    const host = target.slice(0, colon);
    if (!LOOPBACK.has(host)) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n'); // tests never leave loopback
      return;
    }
    let established = false;
    const upstream = connect(Number(target.slice(colon + 1)), host.replace(/^\[|\]$/g, ''), () => {
      established = true;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    // As egress proxies do: a target it cannot reach is a 502 to the client.
    upstream.on('error', () =>
      established ? client.destroy() : client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'),
    );
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  const proxy: ConnectProxy = {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    silent: false,
    unansweredClosed: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        settleWaiters();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
