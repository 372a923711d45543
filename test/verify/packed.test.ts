// @banking-api/verify as a backend team gets it: `npm pack` of the contract, the engine and verify,
// installed from the tarballs into a fresh folder outside this repository, and run as `npx
// @banking-api/verify` against the real mock over real mutual TLS — plain and stateful — and against a
// broken server. Packs the dist/ of the last `npm run build`.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { bearerScopes, contractModel } from '@banking-api/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestMock, type TestMock } from '../support/mock-server.ts';
import { startBrokenServer } from './broken-server.ts';

const run = promisify(execFile);
const repoRoot = join(import.meta.dirname, '..', '..');
const model = contractModel();
const env = {
  ...process.env,
  // npx and the bin run on the Node that runs this test (24 here, whatever the system's is).
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

let dir: string;
let mock: TestMock;
let stateful: TestMock;
let creds: string[];

async function pack(name: string, into: string): Promise<string> {
  const pkg = join(repoRoot, 'packages', name);
  if (!existsSync(join(pkg, 'dist', 'index.js'))) throw new Error(`packages/${name}/dist: run npm run build`);
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', into], { cwd: pkg, env });
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  return join(into, packed?.filename ?? '');
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verify-packed-'));
  const tarballs = [];
  for (const name of ['contract', 'conformance', 'verify']) tarballs.push(await pack(name, dir));
  const project = join(dir, 'service-repo');
  await run('mkdir', ['-p', project]);
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'service', private: true }));
  await run('npm', ['install', '--prefer-offline', '--no-package-lock', ...tarballs], {
    cwd: project,
    env,
    maxBuffer: 1 << 24,
  });
  mock = await startTestMock(); // one after the other: they share the test PKI made by the first
  stateful = await startTestMock({ stateful: true });
  const { pki } = mock.mock;
  await writeFile(join(project, 'ca.pem'), pki.serverCa);
  await writeFile(join(project, 'client.pem'), pki.clients.sandbox.cert);
  await writeFile(join(project, 'client-key.pem'), pki.clients.sandbox.key);
  const scopes = [...new Set(model.operations.flatMap((op) => bearerScopes(op).flat()))];
  creds = [
    ...['--ca', 'ca.pem', '--cert', 'client.pem', '--key', 'client-key.pem'],
    ...['--token', await mock.token('sandbox', { scopes })],
    ...['--unscoped-token', await mock.token('sandbox', { scopes: [] })],
    ...['--expired-token', await mock.token('sandbox', { scopes, ttlSeconds: -120 })],
    ...['--other-env-token', await mock.token('production', { scopes })],
    ...['--max-examples', '2'],
  ];
}, 240_000);

afterAll(async () => {
  await Promise.all([mock?.stop(), stateful?.stop()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function npxVerify(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const cwd = join(dir, 'service-repo');
    const { stdout, stderr } = await run('npx', ['--offline', '@banking-api/verify', ...args], { cwd, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('npx @banking-api/verify, installed from tarballs outside the repository', () => {
  test('ships its bin, its README and its Containerfile; --help runs from the install', async () => {
    const installed = join(dir, 'service-repo', 'node_modules', '@banking-api', 'verify');
    for (const file of ['dist/cli.js', 'README.md', 'Containerfile'])
      expect(existsSync(join(installed, file)), file).toBe(true);
    const help = await npxVerify(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--fixtures');
  });

  test('passes the mock, plain and stateful: exit 0, no failure', async () => {
    for (const target of [mock.url, stateful.url]) {
      const { code, stdout } = await npxVerify(['--target', target, ...creds, '--report', 'report.json']);
      expect(stdout, target).toContain('The server conforms.');
      expect(code).toBe(0);
      const report = JSON.parse(await readFile(join(dir, 'service-repo', 'report.json'), 'utf8'));
      expect(report.failures).toEqual([]);
      expect(report.checks.some((c: { check: string }) => c.check === 'forged-token-refused')).toBe(true);
    }
  });

  test('catches a planted deviation with the operation named and a reproducer; exit 2 on a usage error', async () => {
    const broken = await startBrokenServer(mock.mock, model, {
      request(headers) {
        const auth = headers.authorization ?? '';
        if (auth.endsWith('.')) headers.authorization = `Bearer ${creds[creds.indexOf('--token') + 1]}`;
      },
    });
    try {
      const { code, stdout } = await npxVerify([
        '--target',
        broken.url,
        ...creds,
        '--include',
        'forged-token-refused',
      ]);
      expect(code).toBe(1);
      expect(stdout).toMatch(/✗ POST \/hb\/webhook\/try \(tryWebhook\) {2}forged-token-refused/);
      expect(stdout).toContain('reproduce: curl');
      expect(stdout).toContain('Summary by check');
    } finally {
      await broken.close();
    }
    const usage = await npxVerify(['--target', mock.url]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--ca is required');
  });
});
