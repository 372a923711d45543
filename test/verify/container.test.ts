// The verify image as a backend team builds and runs it: packages/verify/Containerfile over the packed
// contract, engine and verify, on a local stand-in for node:24-slim (no registry here), run with the
// credentials on a volume against the real mock over mTLS: it conforms, and the reports land on the
// volume. Needs podman; CI installs it (.ci/run).
import { execFile } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { bearerScopes, contractModel } from '@banking-api/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestMock, type TestMock } from '../support/mock-server.ts';

const run = promisify(execFile);
const repoRoot = join(import.meta.dirname, '..', '..');
const base = 'localhost/node24-base:bookworm';
const image = `localhost/banking-api-verify-test:${process.pid}`;
let work: string;
let env: NodeJS.ProcessEnv;
let mock: TestMock;

const podman = (args: string[], timeout = 240_000) =>
  run('podman', args, { env, timeout, maxBuffer: 1 << 24 });

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'verify-container-'));
  const conf = join(work, 'containers.conf'); // this machine's VM refuses the ulimits podman sets on `run`
  await writeFile(conf, '[containers]\ndefault_ulimits = []\n');
  env = { ...process.env, CONTAINERS_CONF: conf };
  await run(join(repoRoot, 'test', 'mock-product', 'base-image.sh'), [base], { env, timeout: 300_000 });
  mock = await startTestMock();
}, 360_000);

afterAll(async () => {
  await mock?.stop();
  await podman(['rmi', '-f', image]).catch(() => undefined);
  if (work) await rm(work, { recursive: true, force: true });
});

async function buildImage(): Promise<void> {
  const context = join(work, 'context');
  await mkdir(context);
  for (const name of ['contract', 'conformance', 'verify'])
    await run('npm', ['pack', '--pack-destination', context], { cwd: join(repoRoot, 'packages', name), env });
  await copyFile(join(repoRoot, 'packages', 'verify', 'Containerfile'), join(context, 'Containerfile'));
  const { stdout: cache } = await run('npm', ['config', 'get', 'cache']);
  await podman([
    ...['build', '--pull=never', '--network', 'host', '-t', image, '--build-arg', `BASE=${base}`],
    ...['-v', '/etc/ssl/certs/ca-certificates.crt:/run/host-ca.crt:ro'],
    ...['--build-arg', 'NODE_EXTRA_CA_CERTS=/run/host-ca.crt', '-v', `${cache.trim()}:/root/.npm`, context],
  ]);
}

/** The credentials on a volume the container's user (uid 1000) reads and writes: throwaway test keys. */
async function volume(): Promise<string> {
  const dir = join(work, 'volume');
  await mkdir(dir);
  const { pki } = mock.mock;
  await writeFile(join(dir, 'ca.pem'), pki.serverCa);
  await writeFile(join(dir, 'client.pem'), pki.clients.sandbox.cert);
  await writeFile(join(dir, 'client-key.pem'), pki.clients.sandbox.key);
  for (const file of ['ca.pem', 'client.pem', 'client-key.pem']) await chmod(join(dir, file), 0o644);
  await chmod(dir, 0o777);
  return dir;
}

test('the image builds from the packed tarballs and verifies the mock over mTLS: exit 0, reports on the volume', async () => {
  await buildImage();
  const dir = await volume();
  const scopes = [...new Set(contractModel().operations.flatMap((op) => bearerScopes(op).flat()))];
  const token = await mock.token('sandbox', { scopes });
  const args = [
    ...['--target', mock.url, '--ca', 'ca.pem', '--cert', 'client.pem', '--key', 'client-key.pem'],
    ...['--token', token, '--max-examples', '1', '--junit', 'out/verify.xml', '--report', 'out/verify.json'],
  ];
  const { stdout } = await podman(['run', '--rm', '--network', 'host', '-v', `${dir}:/work`, image, ...args]);
  expect(stdout).toContain('The server conforms.');
  const report = JSON.parse(await readFile(join(dir, 'out', 'verify.json'), 'utf8'));
  expect(report.failures).toEqual([]);
  expect(await readFile(join(dir, 'out', 'verify.xml'), 'utf8')).toContain('<testsuites name="verify"');
}, 420_000);
