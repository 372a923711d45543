// Verification creates resources (accounts, boletos, Pix…), so it refuses a target the contract lists as
// production. The contract's server URLs are templates (`{base_url}`): they are compared with each
// variable at its default, which is all the contract states about where production is. A default on
// loopback names the local mock standing in for an environment, never a production service: not refused.
import { type Server, withoutTrailingSlashes } from '@banking-api/contract';

/** The server's URL with each `{variable}` replaced by its default. */
export function resolvedUrl(server: Server): string {
  return server.url.replace(
    /\{([^}]+)\}/g,
    (whole, name: string) => server.variables[name]?.default ?? whole,
  );
}

/** The production servers whose resolved URL the target falls under (same origin, path inside). */
export function productionMatches(target: string, servers: readonly Server[]): string[] {
  return servers
    .filter((s) => s.environment === 'production')
    .map(resolvedUrl)
    .filter((url) => !isLoopback(url) && within(target, url));
}

/** 127.0.0.0/8, ::1 and localhost: where only a local stand-in (the mock) can listen. */
export function isLoopback(url: string): boolean {
  const host = parse(url)
    ?.hostname.replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (!host) return false;
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

function within(target: string, server: string): boolean {
  const a = parse(target);
  const b = parse(server);
  if (!a || !b) return false;
  const slash = (u: URL) => `${withoutTrailingSlashes(u.pathname)}/`;
  return a.origin === b.origin && slash(a).startsWith(slash(b));
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
