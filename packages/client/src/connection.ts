// The connection pool a client sends through: its own keep-alive pool for baseUrl's origin with the mTLS
// connector, the same through a CONNECT proxy (mutual TLS to the origin inside the tunnel), or a dispatcher
// the caller passed in, which then carries its own TLS and which close() leaves to its owner.
import { Client, type Dispatcher, Pool, ProxyAgent } from 'undici';
import { proxyFor, shownProxy } from './proxy.js';
import { connector, type ResolvedTls, refusesHandshake, tlsConnectOptions } from './tls.js';

export interface ConnectionOptions {
  baseUrl: string;
  tls: ResolvedTls;
  timeoutMs: number;
  connections: number | undefined;
  proxy: string | false | undefined;
  dispatcher: Dispatcher | undefined;
}

export interface Connection {
  dispatcher: Dispatcher;
  /** close() closes it: the client made it. */
  owns: boolean;
  /** The proxy, as messages may show it. */
  proxy: string | undefined;
  /** Asks the server whether it refuses our certificate; only for a direct connection of our own. */
  probeRefusal: (() => Promise<boolean>) | undefined;
}

export function openConnection(options: ConnectionOptions): Connection {
  const { tls, timeoutMs } = options;
  const connections = options.connections ?? 10;
  if (!Number.isSafeInteger(connections) || connections <= 0)
    throw new TypeError('createBankingClient: `connections` must be an integer > 0');
  if (options.dispatcher)
    return { dispatcher: options.dispatcher, owns: false, proxy: undefined, probeRefusal: undefined };
  const origin = new URL(options.baseUrl);
  const proxy = proxyFor(origin, options.proxy);
  if (proxy) {
    const dispatcher = new ProxyAgent({
      uri: proxy.href,
      requestTls: tlsConnectOptions(tls, timeoutMs),
      proxyTls: { timeout: timeoutMs },
      // A CONNECT the proxy never answers must end at the deadline: aborting the call does not cancel
      // it, and under undici's default (300 s headersTimeout) it would hold a `connections` slot that long.
      clientFactory: (proxyOrigin, proxyOptions) =>
        new Pool(proxyOrigin, { ...proxyOptions, headersTimeout: timeoutMs, bodyTimeout: timeoutMs }),
      connections,
    });
    return { dispatcher, owns: true, proxy: shownProxy(proxy), probeRefusal: undefined };
  }
  const connect = connector(tls, timeoutMs);
  // One origin (a middleware cannot leave it): its pool directly, as an Agent would make it, without the
  // Agent's per-request lookup of the pool by origin (bench/client.ts).
  const dispatcher =
    connections === 1
      ? new Client(origin.origin, { connect })
      : new Pool(origin.origin, { connect, connections });
  return {
    dispatcher,
    owns: true,
    proxy: undefined,
    probeRefusal: () => refusesHandshake(connect, origin),
  };
}
