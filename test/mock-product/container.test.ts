// The container image as a team outside this repository makes and runs it, in a closed network: the build
// context from the packed package's bin; a build in a network namespace with no way out, which stops at
// once without a registry and succeeds from a local registry mirror (Verdaccio serving only what it holds)
// on a local base image; the image saved as the release tarball and loaded again; a client container
// calling it over mutual TLS by its service name; the compose file and the Kubernetes manifest of
// docs/mock.md as written. Needs podman, podman-compose and root for the namespace (.ci/run).
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { contractModel } from '@banking-api/contract';
import { ensureDevPki } from '@banking-api/mock';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runAsRoot } from '../support/as-root.ts';
import { freePort } from '../support/processes.ts';
import { type LocalRegistry, startVerdaccio } from '../support/verdaccio.ts';
import { closedNetwork, type Podman, podmanIn, podmanInstalled, statusFromContainer } from './containers.ts';
import { guideFiles } from './guide-files.ts';
import { consumerProject, packTarballs, repoRoot } from './packed.ts';

const run = promisify(execFile);
const base = 'localhost/node24-base:bookworm';
/** The tag the release gives the image it saves. */
const image = `localhost/banking-api-mock:${contractModel().version}`;
let tarball = '';
let work: string;
let context: string;
let podman: Podman;
let closed: { name: string; remove(): Promise<void> } | undefined;
let mirror: LocalRegistry | undefined;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  if (!podmanInstalled())
    throw new Error(
      'podman is missing: apt-get install -y podman buildah runc debootstrap podman-compose, as .ci/run does',
    );
  work = await mkdtemp(join(tmpdir(), 'banking-container-'));
  podman = await podmanIn(work);
  await runAsRoot(join(repoRoot, 'test', 'mock-product', 'base-image.sh'), [base], { timeout: 300_000 });
  const tarballs = await packTarballs(join(work, 'packs'));
  const project = await consumerProject(join(work, 'project'), [tarballs.contract, tarballs.mock]);
  context = join(work, 'context');
  const bin = join(project, 'node_modules', '.bin', 'banking-api-mock-image-context');
  await run(bin, [context], { cwd: project, timeout: 120_000 });
  closed = await closedNetwork(`banking-closed-${process.pid}`);
}, 420_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await mirror?.stop();
  await closed?.remove().catch(() => undefined);
  await podman?.(['rmi', '-f', image]).catch(() => undefined);
  if (work) await rm(work, { recursive: true, force: true });
});

test('the build context comes from the packed package: Containerfile, both packages, a lockfile of every dependency', async () => {
  const files = (await readdir(context)).sort();
  expect(files).toEqual(
    expect.arrayContaining(['Containerfile', 'package-lock.json', 'package.json', 'registry-check.mjs']),
  );
  expect(files.filter((f) => f.endsWith('.tgz'))).toHaveLength(2);
  const lock = JSON.parse(await readFile(join(context, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, unknown>;
  };
  expect(Object.keys(lock.packages)).toEqual(
    expect.arrayContaining(['node_modules/@stoplight/prism-http', 'node_modules/undici']),
  ); // Pinned by version and integrity, fetched from whichever registry the build is given.
  expect(JSON.stringify(lock)).not.toMatch(/"resolved":"https?:/);
});

test('with no registry to reach, the build stops at once and says what to pass', async () => {
  const started = Date.now();
  const failed = await podman(
    [
      'build',
      '--pull=never',
      '--network',
      'host',
      '--build-arg',
      `BASE=${base}`,
      '-t',
      'localhost/banking-api-mock-unused',
      context,
    ],
    {
      netns: closed?.name,
    },
  ).then(
    () => undefined,
    (error: { stdout: string; stderr: string }) => `${error.stdout}${error.stderr}`,
  );
  expect(failed, 'the build must fail without a registry').toBeDefined();
  expect(failed).toMatch(/The npm registry https:\/\/registry\.npmjs\.org\/ cannot be reached/);
  expect(failed).toContain('NPM_REGISTRY');
  expect(Date.now() - started).toBeLessThan(60_000);
}, 120_000);

test('in the closed network, the release builds the image from a registry mirror on a local base image, and saves it', async () => {
  // The mirror first fetches what the lockfile names (outside), then serves only that, inside the namespace.
  const storage = join(work, 'mirror');
  const filling = await startVerdaccio(storage);
  const copy = join(work, 'fill');
  await cp(context, copy, { recursive: true });
  const flags = [
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--registry',
    filling.url,
    '--cache',
    join(work, 'npm-cache'),
  ];
  // Every package document (optional ones for other platforms too: the release resolves its lockfile
  // through the mirror), then every tarball this platform installs.
  await rm(join(copy, 'package-lock.json')); // resolved anew, through the mirror
  await run('npm', ['install', '--package-lock-only', ...flags], { cwd: copy, timeout: 300_000 });
  await run('npm', ['ci', ...flags], { cwd: copy, timeout: 300_000 });
  await filling.stop();
  mirror = await startVerdaccio(storage, { uplink: false, netns: closed?.name });
  // `npm run release -- --image`, run inside the namespace: no registry but the mirror, no base image to pull.
  const release = [process.execPath, join(repoRoot, 'scripts/launch.mjs'), 'tools/release/cli.ts'];
  const options = ['--image', join(work, 'release'), '--base', base, '--registry', mirror.url];
  const { stdout } = await runAsRoot(
    'nsenter',
    [`--net=/var/run/netns/${closed?.name}`, ...release, ...options],
    {
      cwd: repoRoot,
      env: { ...process.env, CONTAINERS_CONF: join(work, 'containers.conf') },
      timeout: 600_000,
    },
  );
  tarball = String(stdout).trim().split('\n').at(-1) ?? '';
  expect(tarball).toBe(join(work, 'release', `banking-api-mock-${contractModel().version}.image.tar`));
  const { stdout: version } = await podman(['run', '--rm', '--entrypoint', 'node', image, '--version']);
  expect(version.trim()).toMatch(/^v24\./);
}, 600_000);

test('the release tarball, loaded again, answers over mTLS by its service name', async () => {
  if (!tarball) throw new Error('the release made no image tarball (see the test before)');
  await podman(['rmi', '-f', image]);
  const { stdout: loaded } = await podman(['load', '-i', tarball]);
  expect(loaded).toContain(image);
  const network = `banking-net-${process.pid}`;
  await podman(['network', 'create', network]);
  cleanups.push(() => podman(['network', 'rm', '-f', network]));
  const certs = join(work, 'certs');
  await mkdir(certs);
  const name = `banking-api-mock-${process.pid}`;
  const { stdout: id } = await podman([
    'run',
    '-d',
    '--rm',
    '--network',
    network,
    '--network-alias',
    'banking-api-mock',
    '--name',
    name,
    '-v',
    `${certs}:/certs`,
    '--user',
    `${process.getuid?.() ?? 0}:${process.getgid?.() ?? 0}`, // the folder's owner, as docs/mock.md says
    '-e',
    'MOCK_SERVER_NAMES=banking-api-mock',
    image,
  ]);
  cleanups.push(() => podman(['rm', '-f', '-t', '1', id.trim()]));
  const logs = async () => {
    const { stdout, stderr } = await podman(['logs', id.trim()]);
    return `${stdout}${stderr}`;
  };
  await expect.poll(logs, { timeout: 30_000 }).toMatch(/Ctrl-C stops it/);
  const banner = await logs();
  expect(banner).toContain('ready at https://localhost:8443');
  expect(banner).toContain('https://banking-api-mock:8443');
  expect(banner).toContain('$CERTS');
  expect(banner).not.toMatch(/0\.0\.0\.0|\/certs\/server-ca/);
  expect(
    await statusFromContainer(
      podman,
      image,
      network,
      certs,
      'https://banking-api-mock:8443/hb/webhook/logs?webhookId=wh-1',
    ),
  ).toBe('200');
  const stopped = Date.now();
  await podman(['stop', '-t', '10', id.trim()]);
  expect(Date.now() - stopped, 'the mock handles SIGTERM as PID 1').toBeLessThan(5_000);
}, 180_000);

test('the compose file of docs/mock.md brings it up healthy, reachable by its service name', async () => {
  const folder = join(work, 'compose');
  await mkdir(join(folder, 'certs'), { recursive: true });
  await runAsRoot('chown', ['1000:1000', join(folder, 'certs')]);
  const port = await freePort();
  const compose = (await guideFiles())['compose.yaml'] as string;
  expect(compose).toBeDefined();
  // As written, but for the image this test built and a free host port.
  await writeFile(
    join(folder, 'compose.yaml'),
    compose.replace(/localhost\/banking-api-mock:[\w.-]+/, image).replace("'8443:8443'", `'${port}:8443'`),
  );
  const project = `bankingcompose${process.pid}`;
  const composeRun = (args: string[]) =>
    runAsRoot('podman-compose', ['-p', project, ...args], {
      cwd: folder,
      env: { ...process.env, CONTAINERS_CONF: join(work, 'containers.conf') },
      timeout: 120_000,
    });
  cleanups.push(() => podman(['network', 'rm', '-f', `${project}_default`]));
  cleanups.push(() => composeRun(['down']));
  await composeRun(['up', '-d']);
  const health = async () =>
    fetch(`http://127.0.0.1:${port}/__mock/health`).then(
      (r) => r.status,
      () => 0,
    );
  await expect.poll(health, { timeout: 30_000 }).toBe(200);
  const url = 'https://banking-api-mock:8443/hb/webhook/logs?webhookId=wh-1';
  expect(await statusFromContainer(podman, image, `${project}_default`, join(folder, 'certs'), url)).toBe(
    '200',
  );
}, 180_000);

test('the Kubernetes manifest of docs/mock.md runs two replicas on a read-only PKI (podman kube play)', async () => {
  const certs = join(work, 'kube-certs');
  await ensureDevPki(certs, { serverNames: ['banking-api-mock'] });
  await run('chmod', ['-R', 'a+rX', certs]); // a Secret volume's files are readable by the pod's user
  const manifest = (await guideFiles())['kubernetes.yaml'] as string;
  expect(manifest).toBeDefined();
  // Where podman differs from Kubernetes: 4.3 crashes on a Secret volume, so the same files come from a host
  // folder; and it publishes a containerPort on the host, where two replicas would collide.
  const deployment = `banking-api-mock-test-${process.pid}`;
  const played = manifest
    .replace(/registry\.your-bank\.example\/banking-api-mock:[\w.-]+/, image)
    .replace('metadata:\n  name: banking-api-mock\n', `metadata:\n  name: ${deployment}\n`)
    .replace('secret: { secretName: banking-api-mock-pki }', `hostPath: { path: ${certs}, type: Directory }`)
    .replace(/ +ports:\n +- \{ name: https, containerPort: 8443 \}\n/, '');
  expect(played).toContain(certs);
  expect(played).not.toContain('containerPort');
  expect(played).toContain(`name: ${deployment}`);
  const file = join(work, 'kubernetes.yaml');
  await writeFile(file, played);
  // Pods of their own name: none a killed run left behind is in the way (nor is anyone else's touched).
  const pods = [0, 1].map((i) => `${deployment}-pod-${i}`);
  cleanups.push(() => podman(['pod', 'rm', '-f', ...pods]));
  cleanups.push(() => podman(['kube', 'down', file]));
  await podman(['kube', 'play', file]);
  const inside = (pod: number, script: string) =>
    podman(['exec', `${deployment}-pod-${pod}-mock`, 'node', '-e', script]).then(
      (r) => r.stdout.trim(),
      () => '',
    );
  const health =
    "fetch('http://127.0.0.1:8443/__mock/health').then(async (r) => console.log(r.status, await r.text()), () => console.log(0))";
  for (const pod of [0, 1])
    await expect.poll(() => inside(pod, health), { timeout: 30_000 }).toBe('200 {"status":"ready"}');
  const { stdout } = await podman(['logs', `${deployment}-pod-0-mock`]);
  expect(stdout).toContain('ready at https://localhost:8443');
}, 180_000);
