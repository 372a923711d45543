// The published artefacts: `npm pack` the client and the contract package it depends on, install both
// tarballs into a fresh project outside the repo, compile a strict TypeScript consumer against them and
// run it over mTLS; publint and attw clean for both. Packs the dist/ of the last `npm run build`.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { contractModel } from '@banking-api/contract';
import { publint } from 'publint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeStrictConsumerTsconfig } from '../../../test/support/strict-consumer.ts';
import { json, makePki, type Pki, startServer, type TestServer } from './harness.js';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
const attw = join(repoRoot, 'node_modules/@arethetypeswrong/cli/dist/index.js');
const npm = (args: string[], cwd: string) =>
  run('npm', args, { cwd, env: { ...process.env, npm_config_update_notifier: 'false' } });

/** One package as packed and as installed in the consumer project. */
interface Packed {
  name: string;
  tarball: string;
  /** Where the consumer project has it (node_modules/<name>, symlinks resolved). */
  installed: string;
}

/** The contract first: the client depends on it. */
const PACKAGES = [
  {
    name: '@banking-api/contract',
    dir: 'packages/contract',
    ships: ['dist/index.d.ts', 'dist/model.json', 'dist/model-details.jsonl', 'dist/api.d.ts'],
  },
  { name: '@banking-api/client', dir: 'packages/client', ships: ['dist/index.d.ts', 'dist/api.d.ts'] },
];

const consumer = `
import { createBankingClient, TransportError, type components, type paths } from '@banking-api/client';
import { contractModel } from '@banking-api/contract';

type Envelope = components['schemas']['ErrorEnvelope'];
type PixPath = keyof paths & '/ar/pix/v2/pix/{id}';
const need = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(\`\${name} is not set\`);
  return value;
};
const client = createBankingClient({
  baseUrl: need('BASE_URL'),
  environment: 'sandbox',
  tls: { cert: need('CERT'), key: need('KEY'), ca: need('CA') },
  token: async () => 'consumer-token',
  accountId: 'acc-1',
});
const path: PixPath = '/ar/pix/v2/pix/{id}';
const { data, error } = await client.PUT(path, {
  params: { path: { id: client.newIdempotencyId() } },
  body: { amount: 1.5, pixKey: 'key' },
});
const envelope: Envelope | undefined = error;
const failure = await createBankingClient({ baseUrl: 'https://127.0.0.1:1', token: 't' })
  .GET('/hb/webhook/logs', { params: { query: { webhookId: 'w' } } })
  .catch((e: unknown) => e);
const operations = contractModel().operations.length;
console.log(JSON.stringify({ data, envelope: envelope ?? null, kind: failure instanceof TransportError ? failure.kind : 'other', operations }));
await client.close();
`;

let pki: Pki;
let server: TestServer;
let project: string;
let packed: Map<string, Packed>;

async function pack(dir: string, out: string): Promise<string> {
  if (!existsSync(join(dir, 'dist/index.js')))
    throw new Error(`${dir}/dist is missing: run \`npm run build\` before the tests`);
  const { stdout } = await npm(['pack', '--json', '--pack-destination', out], dir);
  return join(out, (JSON.parse(stdout) as { filename: string }[])[0]?.filename ?? '');
}

beforeAll(async () => {
  pki = makePki();
  server = await startServer(pki);
  server.handle((req, res) => json(res, 200, { echo: req.headers['x-account-id'] }));
  const out = mkdtempSync(join(tmpdir(), 'client-pack-'));
  const tarballs = await Promise.all(PACKAGES.map(({ dir }) => pack(join(repoRoot, dir), out)));
  project = mkdtempSync(join(tmpdir(), 'client-consumer-'));
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  // Both in one install: the client's dependency on @banking-api/contract is met by its tarball.
  await npm(['install', '--no-audit', '--no-fund', '--prefer-offline', ...tarballs], project);
  packed = new Map(
    PACKAGES.map(({ name }, i) => [
      name,
      { name, tarball: tarballs[i] ?? '', installed: realpathSync(join(project, 'node_modules', name)) },
    ]),
  );
}, 240_000);
afterAll(() => server?.close());

describe.each(PACKAGES)('the packed $name', (spec) => {
  const thisPackage = () => packed.get(spec.name) as Packed;

  it('ships only dist, README and package.json, with no path outside the package', async () => {
    const { tarball } = thisPackage();
    const { stdout } = await run('tar', ['-tzf', tarball]);
    const files = stdout.trim().split('\n');
    expect(files.every((f) => /^package\/(dist\/|README\.md$|package\.json$)/.test(f))).toBe(true);
    for (const file of spec.ships) expect(files).toContain(`package/${file}`);
    const { stdout: refs } = await run('tar', ['-xzOf', tarball, '--wildcards', 'package/dist/*']);
    expect(refs).not.toMatch(/\.\.\/\.\.\/|generated\/|\/work\//);
  });

  it('publint reports nothing', async () => {
    const { messages } = await publint({ pkgDir: thisPackage().installed, strict: true, pack: false });
    expect(messages).toEqual([]);
  });

  it('attw (esm-only profile: CommonJS require is out of scope) reports no problems', async () => {
    // attw exits non-zero on any problem its profile does not ignore.
    const result = await run(process.execPath, [
      attw,
      thisPackage().tarball,
      '--profile',
      'esm-only',
      '--no-definitely-typed',
      '--no-color',
    ]).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(result, result.stdout).toMatchObject({ code: 0 });
    // The package's main entry resolves for ESM consumers (a table for one entry point, a list for several).
    expect(result.stdout).toMatch(/node16 \(from ESM\)[\s:│]+🟢 \(ESM\)/);
  });
});

describe('a consumer of the installed tarballs', () => {
  it('compiles in strict mode against the tarballs and runs over mTLS', async () => {
    writeFileSync(join(project, 'main.ts'), consumer);
    writeStrictConsumerTsconfig(project, ['main.ts'], 'out');
    const { stdout: listed } = await run(process.execPath, [tsc, '-p', project, '--listFiles']);
    for (const { name, installed } of packed.values()) {
      const ours = listed.split('\n').filter((f) => f.includes(name));
      expect(ours.length, name).toBeGreaterThan(0);
      expect(ours.every((f) => f.startsWith(installed))).toBe(true); // from the tarball, not the workspace
    }
    const { stdout } = await run(process.execPath, [join(project, 'out/main.js')], {
      env: {
        ...process.env,
        BASE_URL: server.url,
        CERT: pki.client.cert,
        KEY: pki.client.key,
        CA: pki.ca.cert,
      },
    });
    expect(JSON.parse(stdout)).toEqual({
      data: { echo: 'acc-1' }, // the installed client found the account-scoped operation in the installed model
      envelope: null,
      kind: 'connection-refused',
      operations: contractModel().operations.length,
    });
  });
});
