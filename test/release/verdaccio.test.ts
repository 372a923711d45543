// The release, end to end against a local registry (Verdaccio, as /work/shared/toolchain-notes.md
// describes): the publishable workspaces are packed and published, then a fresh strict TypeScript project
// follows the client README's install instructions as written (only the registry host swapped for the
// local one), installs the client from the registry, compiles and runs over mTLS. Packs the dist/ of
// the last `npm run build`.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { makeCa, makeClientCert, makeServerCert } from '@banking-api/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../scripts/paths.ts';
import { contractVersion, ORG_REGISTRY, packAll, publishableWorkspaces } from '../../tools/release/cli.ts';
import { writeStrictConsumerTsconfig } from '../support/strict-consumer.ts';
import { type LocalRegistry, startVerdaccio } from '../support/verdaccio.ts';

const run = promisify(execFile);
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const readme = readFileSync(join(root, 'packages/client/README.md'), 'utf8');
const npmEnv = { ...process.env, npm_config_update_notifier: 'false', NPM_TOKEN: 'placeholder' };
const npm = (args: string[], cwd: string) => run('npm', args, { cwd, env: npmEnv, timeout: 60_000 });

/** The README's `.npmrc` block and install command, with the organisation's registry swapped for `local`. */
function readmeInstall(local: string): { npmrc: string; install: string[] } {
  const block = (lang: string, containing: string) =>
    [...readme.matchAll(new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))]
      .map((m) => m[1] ?? '')
      .find((code) => code.includes(containing));
  const npmrc = block('ini', '@banking-api:registry=');
  const install = block('sh', 'npm install @banking-api/client');
  if (!npmrc || !install) throw new Error('README: no .npmrc block or install command');
  const host = ORG_REGISTRY.replace(/^https:/, '');
  return {
    npmrc: npmrc.replaceAll(ORG_REGISTRY, local).replaceAll(host, local.replace(/^http:/, '')),
    install: install.trim().split(/\s+/),
  };
}

const consumer = `
import { createBankingClient, TimeoutError, type components } from '@banking-api/client';

type Envelope = components['schemas']['ErrorEnvelope'];
const need = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(\`\${name} is not set\`);
  return value;
};
const client = createBankingClient({
  baseUrl: need('BASE_URL'),
  tls: { cert: need('CERT'), key: need('KEY'), ca: need('CA') },
  token: 'consumer-token',
  accountId: 'acc-1',
  timeoutMs: 5_000,
  maxResponseBytes: 1_000_000,
});
const { data, error } = await client.PUT('/ar/pix/v2/pix/{id}', {
  params: { path: { id: client.newIdempotencyId() } },
  body: { amount: 1.5, pixKey: 'key' },
});
const envelope: Envelope | undefined = error;
console.log(JSON.stringify({ data, envelope: envelope ?? null, timeoutClass: typeof TimeoutError }));
await client.close();
`;

let verdaccio: LocalRegistry | undefined;
let api: Server | undefined;
let registry: string;
let project: string;
let published: string[];

beforeAll(async () => {
  const work = mkdtempSync(join(tmpdir(), 'release-'));
  // NODE_EXTRA_CA_CERTS stays in the environment: the uplink goes through this machine's proxy.
  verdaccio = await startVerdaccio(work);
  registry = verdaccio.url;
  const port = new URL(registry).port;

  // Publish what the release publishes: the non-private workspaces, packed, in dependency order.
  const packages = publishableWorkspaces();
  published = packages.map((ws) => ws.manifest.name);
  const tarballs = packAll(packages, work);
  writeFileSync(join(work, 'package.json'), '{ "private": true }');
  writeFileSync(join(work, '.npmrc'), `//127.0.0.1:${port}/:_authToken=placeholder\n`);
  for (const tarball of tarballs) await npm(['publish', tarball, '--registry', registry], work);

  // A fresh project that follows the README.
  project = mkdtempSync(join(tmpdir(), 'release-consumer-'));
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  const { npmrc, install } = readmeInstall(registry);
  writeFileSync(join(project, '.npmrc'), npmrc);
  const [command, ...args] = install;
  expect(command).toBe('npm');
  await npm([...args, '--no-audit', '--no-fund'], project);
}, 90_000);

afterAll(async () => {
  await verdaccio?.stop();
  api?.close();
});

describe('the release through a local registry', () => {
  it('publishes the non-private workspaces, contract, client and model among them, at the contract’s version', async () => {
    const model = '@banking-api/model'; // after the contract it depends on
    expect(published).toEqual(
      expect.arrayContaining(['@banking-api/contract', '@banking-api/client', model]),
    );
    expect(published.indexOf(model)).toBeGreaterThan(published.indexOf('@banking-api/contract'));
    const version = await contractVersion();
    for (const name of published) {
      const { stdout } = await npm(['view', name, 'version', '--registry', registry], project);
      expect(stdout.trim(), name).toBe(version);
    }
    const installed = JSON.parse(
      readFileSync(join(project, 'node_modules/@banking-api/client/package.json'), 'utf8'),
    ) as { version: string };
    expect(installed.version).toBe(version);
  });

  it('the mapped scope has no path to a same-named public package', async () => {
    const missing = await npm(['view', '@banking-api/no-such-package-anywhere', 'version'], project).then(
      () => 'found',
      (error: { stderr: string }) => error.stderr,
    );
    expect(missing).toMatch(/E404/);
    expect(missing).toContain('127.0.0.1'); // asked the scope's registry, not the public one
  });

  it('the installed client compiles in a strict TypeScript project and runs over mTLS', async () => {
    const ca = makeCa('Release CA');
    const server = makeServerCert(ca, ['127.0.0.1']);
    const client = makeClientCert(ca, 'release-client');
    api = createHttpsServer(
      { key: server.key, cert: server.cert, ca: ca.cert, requestCert: true, rejectUnauthorized: true },
      (req, res) => {
        req.resume();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ echo: req.headers['x-account-id'], id: req.headers['x-request-id'] }));
      },
    );
    await new Promise<void>((resolve) => api?.listen(0, '127.0.0.1', resolve));
    writeFileSync(join(project, 'main.ts'), consumer);
    writeStrictConsumerTsconfig(project, ['main.ts'], 'out');
    await run(process.execPath, [tsc, '-p', project]);
    const { stdout } = await run(process.execPath, [join(project, 'out/main.js')], {
      env: {
        ...process.env,
        BASE_URL: `https://127.0.0.1:${(api.address() as AddressInfo).port}`,
        CERT: client.cert,
        KEY: client.key,
        CA: ca.cert,
      },
    });
    const result = JSON.parse(stdout) as { data: { echo: string; id: string } };
    expect(result).toMatchObject({ data: { echo: 'acc-1' }, envelope: null, timeoutClass: 'function' });
    expect(result.data.id).toMatch(/^[0-9a-f-]{36}$/);
  }, 60_000);
});
