// A step of the mock's image build: stop at once, saying what to do, when the npm registry cannot be
// reached. npm alone retries for minutes and then reports a network error that names no way out.
// Usage: node registry-check.mjs <registry URL> <timeout seconds>
const [registry = '', seconds = '20'] = process.argv.slice(2);
const base = registry.endsWith('/') ? registry : `${registry}/`;
/** The registry as a message may show it: without credentials. */
function shown(url) {
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) parsed.username = parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}
try {
  // Any HTTP answer means a registry is there (some mirrors answer /-/ping with 404).
  await fetch(new URL('-/ping', base), { signal: AbortSignal.timeout(Number(seconds) * 1000) });
} catch (error) {
  const cause = error?.cause?.code ?? error?.cause?.message ?? error?.name ?? String(error);
  console.error(`
✖ The npm registry ${shown(base)} cannot be reached (${cause}, within ${seconds} s).
  In a closed network, build with your registry mirror and, if its certificate is signed by your own CA,
  that CA bundle as a build secret (and, when it wants a login, an .npmrc holding it):
    podman build --build-arg NPM_REGISTRY=https://npm.your-bank.example/ --secret id=npm-ca,src=ca.pem \\
      [--secret id=npmrc,src=$HOME/.npmrc] ...
  Or skip the build: load the released image tarball (podman load -i banking-api-mock-<version>.image.tar).
`);
  process.exit(1);
}
