// The published artefact: `npm pack` the package, install the tarball into a fresh project outside the
// repo, compile a strict TypeScript consumer against it and run it over mTLS; publint and attw clean.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../build.js';
import { json, makePki, type Pki, startServer, type TestServer } from './harness.js';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
const attw = join(repoRoot, 'node_modules/@arethetypeswrong/cli/dist/index.js');
const npm = (args: string[], cwd: string) =>
  run('npm', args, { cwd, env: { ...process.env, npm_config_update_notifier: 'false' } });

const consumer = `
import { createBankingClient, TransportError, type components, type paths } from '@banking-api/client';

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
console.log(JSON.stringify({ data, envelope: envelope ?? null, kind: failure instanceof TransportError ? failure.kind : 'other' }));
await client.close();
`;

let pki: Pki;
let server: TestServer;
let project: string;
let tarball: string;

beforeAll(async () => {
  pki = makePki();
  server = await startServer(pki);
  server.handle((req, res) => json(res, 200, { echo: req.headers['x-account-id'] }));
  await build();
  const out = mkdtempSync(join(tmpdir(), 'client-pack-'));
  const { stdout } = await npm(['pack', '--json', '--pack-destination', out], packageDir);
  tarball = join(out, (JSON.parse(stdout) as { filename: string }[])[0]?.filename ?? '');
  project = mkdtempSync(join(tmpdir(), 'client-consumer-'));
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  await npm(['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], project);
}, 240_000);
afterAll(() => server?.close());

describe('the packed package', () => {
  it('ships only dist, README and package.json, with no path outside the package', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball]);
    const files = stdout.trim().split('\n');
    expect(files.every((f) => /^package\/(dist\/|README\.md$|package\.json$)/.test(f))).toBe(true);
    expect(files).toContain('package/dist/api.d.ts');
    const { stdout: refs } = await run('tar', ['-xzOf', tarball, '--wildcards', 'package/dist/*']);
    expect(refs).not.toMatch(/\.\.\/\.\.\/|generated\/api|\/work\//);
  });

  it('compiles a strict TypeScript consumer against the tarball and runs it over mTLS', async () => {
    writeFileSync(join(project, 'main.ts'), consumer);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: false,
          typeRoots: [join(repoRoot, 'node_modules/@types')],
          types: ['node'],
          outDir: 'out',
        },
        files: ['main.ts'],
      }),
    );
    const { stdout: listed } = await run(process.execPath, [tsc, '-p', project, '--listFiles']);
    const ours = listed.split('\n').filter((f) => f.includes('@banking-api/client'));
    expect(ours.length).toBeGreaterThan(0);
    const installed = realpathSync(join(project, 'node_modules/@banking-api/client'));
    expect(ours.every((f) => f.startsWith(installed))).toBe(true); // from the tarball, not the workspace
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
      data: { echo: 'acc-1' },
      envelope: null,
      kind: 'connection-refused',
    });
  });

  it('publint reports nothing', async () => {
    const pkgDir = join(project, 'node_modules/@banking-api/client');
    const { messages } = await publint({ pkgDir, strict: true, pack: false });
    expect(messages).toEqual([]);
  });

  it('attw (esm-only profile: CommonJS require is out of scope) reports no problems', async () => {
    // attw exits non-zero on any problem its profile does not ignore.
    const result = await run(process.execPath, [
      attw,
      tarball,
      '--profile',
      'esm-only',
      '--no-definitely-typed',
      '--no-color',
    ]).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(result, result.stdout).toMatchObject({ code: 0 });
    expect(result.stdout).toMatch(/node16 \(from ESM\)\s+│\s+🟢 \(ESM\)/);
    expect(readdirSync(join(project, 'node_modules/@banking-api/client/dist'))).toContain('index.d.ts');
  });
});
