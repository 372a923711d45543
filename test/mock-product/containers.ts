// What the container tests share: podman with this machine's settings, a network namespace with nothing
// but its loopback (a closed network: no registry, no DNS, no route out), and a client container that calls
// the mock over mutual TLS by a name, with the certificates of a mounted folder. A namespace needs root, so
// podman runs as root too (support/as-root.ts): every step sees root's image store, where .ci/run makes the
// base image.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runAsRoot } from '../support/as-root.ts';

export function podmanInstalled(): boolean {
  try {
    execFileSync('podman', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export type Podman = (
  args: string[],
  options?: { timeout?: number; netns?: string; cwd?: string },
) => Promise<{ stdout: string; stderr: string }>;

/** podman with a containers.conf in `work`: this machine's VM refuses the ulimits podman sets on `run`. */
export async function podmanIn(work: string): Promise<Podman> {
  const conf = join(work, 'containers.conf');
  await writeFile(conf, '[containers]\ndefault_ulimits = []\n');
  const env = { ...process.env, CONTAINERS_CONF: conf };
  return async (args, { timeout = 240_000, netns, cwd } = {}) => {
    const inNamespace = netns ? ['nsenter', [`--net=/var/run/netns/${netns}`, 'podman', ...args]] : undefined;
    const [command, all] = (inNamespace ?? ['podman', args]) as [string, string[]];
    const { stdout, stderr } = await runAsRoot(command, all, { env, timeout, cwd });
    return { stdout: String(stdout), stderr: String(stderr) };
  };
}

/** A network namespace holding only a loopback interface; `remove` deletes it. */
export async function closedNetwork(name: string): Promise<{ name: string; remove(): Promise<void> }> {
  await runAsRoot('ip', ['netns', 'add', name]);
  await runAsRoot('ip', ['netns', 'exec', name, 'ip', 'link', 'set', 'lo', 'up']);
  return { name, remove: () => runAsRoot('ip', ['netns', 'del', name]).then(() => undefined) };
}

/**
 * A client in its own container (the mock's image, for its Node) on `network`: an mTLS GET of `url` with
 * the sandbox client certificate and a token signed by the key in the folder mounted at /certs. It prints
 * the status.
 */
export async function statusFromContainer(
  podman: Podman,
  image: string,
  network: string,
  certs: string,
  url: string,
): Promise<string> {
  const script = `
const { readFileSync } = require('node:fs'); const { request } = require('node:https'); const { createSign } = require('node:crypto');
const read = (f) => readFileSync('/certs/' + f);
const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
const now = Math.floor(Date.now() / 1000);
const body = b64({ alg: 'ES256', typ: 'JWT' }) + '.' + b64({ env: 'sandbox', scope: 'webhook.read', iss: 'banking-api-mock', sub: 'dev', iat: now, exp: now + 60 });
const signature = createSign('SHA256').update(body).sign({ key: read('jwt-signing-key.pem'), dsaEncoding: 'ieee-p1363' }).toString('base64url');
request(${JSON.stringify(url)}, { ca: read('server-ca.pem'), cert: read('client-sandbox.pem'), key: read('client-sandbox-key.pem'), headers: { authorization: 'Bearer ' + body + '.' + signature } },
  (res) => { console.log(res.statusCode); res.resume(); }).on('error', (e) => { console.log('error ' + e.message); }).end();`;
  // As the user that owns the folder, as docs/mock.md says for the mock itself.
  const user = `${process.getuid?.() ?? 0}:${process.getgid?.() ?? 0}`;
  const args = ['run', '--rm', '--network', network, '--user', user, '-v', `${certs}:/certs:ro`];
  const { stdout } = await podman([...args, '--entrypoint', 'node', image, '-e', script]);
  return stdout.trim();
}
