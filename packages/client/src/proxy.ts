// Which proxy, if any, the client's one origin is reached through: the `proxy` option, else the
// environment's HTTPS_PROXY / https_proxy unless NO_PROXY / no_proxy exempts the host. Decided once,
// when the client is created (its origin is fixed), so no request pays for it.

/**
 * One NO_PROXY entry as host and port: `[::1]:8443` and `[::1]` bracketed, `::1` (more than one colon)
 * a bare IPv6 address without a port, `host:443` a name with one.
 */
function hostAndPort(entry: string): { host: string; port: number | undefined } {
  const close = entry.startsWith('[') ? entry.indexOf(']') : -1;
  if (close !== -1) {
    const rest = entry.slice(close + 1);
    const port = rest.startsWith(':') && /^\d+$/.test(rest.slice(1)) ? Number(rest.slice(1)) : undefined;
    return { host: entry.slice(1, close), port };
  }
  const colon = entry.indexOf(':');
  if (colon === -1 || colon !== entry.lastIndexOf(':')) return { host: entry, port: undefined };
  const port = entry.slice(colon + 1);
  return /^\d+$/.test(port)
    ? { host: entry.slice(0, colon), port: Number(port) }
    : { host: entry, port: undefined };
}

/** `host[:port]` entries of NO_PROXY; `*` exempts every host, `.example.com` and `*.example.com` the domain. */
function exempt(noProxy: string, hostname: string, port: number): boolean {
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    const parsed = hostAndPort(entry);
    if (parsed.port !== undefined && parsed.port !== port) continue;
    const host = parsed.host.replace(/^\*?\./, '');
    if (host && (hostname === host || hostname.endsWith(`.${host}`))) return true;
  }
  return false;
}

/** The proxy URL for `origin`, or undefined for a direct connection. */
export function proxyFor(
  origin: URL,
  option: string | false | undefined,
  env: NodeJS.ProcessEnv = process.env,
): URL | undefined {
  if (option === false) return undefined;
  const configured = option ?? env.https_proxy ?? env.HTTPS_PROXY;
  if (!configured) return undefined;
  const noProxy = option === undefined ? (env.no_proxy ?? env.NO_PROXY ?? '') : '';
  const hostname = origin.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (exempt(noProxy, hostname, Number(origin.port || 443))) return undefined;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new TypeError(
      `createBankingClient: the proxy (${option === undefined ? 'HTTPS_PROXY' : '`proxy`'}) is not a URL`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(
      `createBankingClient: the proxy must be an http:// or https:// URL, got ${url.protocol}`,
    );
  return url;
}

/** The proxy as error messages may show it: no credentials. */
export const shownProxy = (url: URL): string => `${url.protocol}//${url.host}`;
