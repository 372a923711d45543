// Verification creates resources (accounts, boletos, Pix…), so it refuses a target the contract lists as
// production. The contract's server URLs are templates (`{base_url}`): they are compared with each
// variable at its default, which is all the contract states about where production is.
import type { Server } from '@banking-api/contract';

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
    .filter((url) => within(target, url));
}

function within(target: string, server: string): boolean {
  const a = parse(target);
  const b = parse(server);
  if (!a || !b) return false;
  const slash = (u: URL) => `${u.pathname.replace(/\/+$/, '')}/`;
  return a.origin === b.origin && slash(a).startsWith(slash(b));
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
