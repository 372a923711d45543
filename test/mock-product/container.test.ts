// The container image as a team builds and runs it: packages/mock/Containerfile over the packed tarballs,
// on a local stand-in for node:22-slim (no registry here), started with the certificates on a volume,
// answering an mTLS request. Needs podman; CI installs it (.ci/run).
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensureDevPki, signToken } from '@banking-api/mock';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../support/processes.ts';
import { packTarballs, repoRoot } from './packed.ts';

const run = promisify(execFile);
const base = 'localhost/node22-base:bookworm';
const image = `localhost/banking-api-mock-test:${process.pid}`;
let work: string;
let containerId: string | undefined;
let env: NodeJS.ProcessEnv;

function podmanInstalled(): boolean {
  try {
    execFileSync('podman', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const podman = (args: string[], timeout = 240_000) =>
  run('podman', args, { env, timeout, maxBuffer: 1 << 24 });

beforeAll(async () => {
  if (!podmanInstalled())
    throw new Error(
      'podman is missing: install it (apt-get install -y podman buildah runc debootstrap), as .ci/run does',
    );
  work = await mkdtemp(join(tmpdir(), 'banking-container-'));
  // This machine's VM refuses the ulimits podman sets on `run`.
  const conf = join(work, 'containers.conf');
  await writeFile(conf, '[containers]\ndefault_ulimits = []\n');
  env = { ...process.env, CONTAINERS_CONF: conf };
  await run(join(repoRoot, 'test', 'mock-product', 'base-image.sh'), [base], { env, timeout: 300_000 });
}, 360_000);

afterAll(async () => {
  if (containerId) await podman(['rm', '-f', '-t', '1', containerId]).catch(() => undefined);
  await podman(['rmi', '-f', image]).catch(() => undefined);
  if (work) await rm(work, { recursive: true, force: true });
});

/** The build context: the packed contract and mock, and the Containerfile the package ships. */
async function buildContext(): Promise<string> {
  const context = join(work, 'context');
  const tarballs = await packTarballs(join(work, 'packs'));
  await packTarballs(context).then(async (inContext) => rm(inContext.client));
  await copyFile(join(repoRoot, 'packages', 'mock', 'Containerfile'), join(context, 'Containerfile'));
  expect((await readdir(context)).sort()).toEqual(
    ['Containerfile', tarballs.contract, tarballs.mock].map((f) => f.split('/').pop()).sort(),
  );
  return context;
}

/** npm inside the build reaches the registry through this machine's proxy, whose CA only the host trusts. */
async function buildImage(context: string): Promise<void> {
  const { stdout: cache } = await run('npm', ['config', 'get', 'cache']);
  await podman([
    'build',
    '--pull=never',
    '--network',
    'host',
    '-t',
    image,
    '--build-arg',
    `BASE=${base}`,
    '-v',
    '/etc/ssl/certs/ca-certificates.crt:/run/host-ca.crt:ro',
    '--build-arg',
    'NODE_EXTRA_CA_CERTS=/run/host-ca.crt',
    '-v',
    `${cache.trim()}:/root/.npm`,
    context,
  ]);
}

/** A PKI folder the container's user (uid 1000) can read: throwaway test keys, so 0644 is fine. */
async function readablePki(): Promise<string> {
  const dir = join(work, 'certs');
  await ensureDevPki(dir);
  await chmod(dir, 0o755);
  for (const file of await readdir(dir)) await chmod(join(dir, file), 0o644);
  return dir;
}

async function answers(url: string, agent: Agent, token: string): Promise<number | undefined> {
  try {
    const res = await request(`${url}/hb/webhook/logs?webhookId=wh-1`, {
      dispatcher: agent,
      headers: { authorization: `Bearer ${token}` },
    });
    await res.body.dump();
    return res.statusCode;
  } catch {
    return undefined;
  }
}

/** Runs the image detached on the host network, serving on `port`; `options` go before the image's name. */
async function runContainer(port: number, options: string[]): Promise<string> {
  const env = ['-e', `MOCK_PORT=${port}`, '-e', 'MOCK_HOST=127.0.0.1'];
  const { stdout } = await podman(['run', '-d', '--rm', '--network', 'host', ...options, ...env, image]);
  return stdout.trim();
}

/** An mTLS agent with the sandbox client certificate of the PKI in `certs`, and a token signed by its key. */
async function sandboxClient(certs: string): Promise<{ agent: Agent; token: string }> {
  const pki = await ensureDevPki(certs);
  const token = await signToken(pki.jwt.privateKey, { env: 'sandbox', scopes: ['webhook.read'] });
  return { agent: new Agent({ connect: { ca: pki.serverCa, ...pki.clients.sandbox } }), token };
}

test('the image builds from the packed tarballs, runs with certificates on a volume, and answers over mTLS', async () => {
  await buildImage(await buildContext());
  const certs = await readablePki();
  const port = await freePort();
  containerId = await runContainer(port, ['-v', `${certs}:/certs:ro`]);
  const { agent, token } = await sandboxClient(certs);
  try {
    const logs = async () =>
      await podman(['logs', containerId as string]).catch(() => ({ stdout: '', stderr: '' }));
    await expect
      .poll(() => answers(`https://127.0.0.1:${port}`, agent, token), {
        timeout: 30_000,
        interval: 250,
        message: JSON.stringify(await logs()),
      })
      .toBe(200);
    expect((await logs()).stdout).toContain(`ready at https://127.0.0.1:${port}`);
  } finally {
    await agent.close();
  }
  const stopped = Date.now();
  await podman(['stop', '-t', '10', containerId]);
  expect(Date.now() - stopped, 'the mock handles SIGTERM as PID 1').toBeLessThan(5_000);
  containerId = undefined;
}, 420_000);

test('given an empty folder as its volume, the container makes the PKI there for the clients to use', async () => {
  const certs = join(work, 'empty-certs');
  await mkdir(certs);
  const port = await freePort();
  const user = `${process.getuid?.() ?? 1000}:${process.getgid?.() ?? 1000}`; // as docs/mock.md says
  containerId = await runContainer(port, ['--user', user, '-v', `${certs}:/certs`]);
  await expect.poll(() => existsSync(join(certs, 'jwt-signing-key.pub.pem')), { timeout: 30_000 }).toBe(true);
  const { agent, token } = await sandboxClient(certs);
  try {
    await expect
      .poll(() => answers(`https://127.0.0.1:${port}`, agent, token), { timeout: 30_000, interval: 250 })
      .toBe(200);
  } finally {
    await agent.close();
  }
  await podman(['stop', '-t', '10', containerId]);
  containerId = undefined;
}, 120_000);
