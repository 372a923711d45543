// A team with its own contract and only our packages: the tarballs of `npm pack` (contract, model, mock,
// conformance, verify) installed in a fresh folder outside this repository, and the Central Bank's Pix API
// as their openapi.yaml. `banking-api-model` makes its bundle and model; the mock serves it from
// `--contract` and answers an operation over mutual TLS; verify reads it from `--spec openapi.yaml` and
// runs one operation against that mock. A contract whose `$ref` leaves its folder or names a URL is refused
// by all three, naming each reference, with nothing fetched; without @banking-api/model the mock and verify
// say what to install.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { readModel } from '@banking-api/contract';
import { publint } from 'publint';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realContract, writeRealContract } from '../../scripts/real-contracts.ts';
import { consumerProject, packTarballs, repoRoot } from '../mock-product/packed.ts';
import { writeStrictConsumerTsconfig } from '../support/strict-consumer.ts';

const run = promisify(execFile);
const TXID = 'k8m2p4q6r8t0v2x4z6b8d0f2h4j6';
const NOBODY = 'https://127.0.0.1:9'; // where verify would go once it has read --spec
let work: string;
let project: string;
let contract: string; // the Pix API as the team's contract/openapi.yaml
let modelTarball: string;
let listener: Server; // where the hostile contract's URL points: it must hear nothing
const heard: string[] = [];
const started: ChildProcess[] = [];

const env = {
  ...process.env,
  // The bins run on the Node that runs this test (24 here, whatever the system's is).
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
  NO_COLOR: '1',
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
};

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'another-contract-'));
  const names = ['contract', 'model', 'mock', 'conformance', 'verify'] as const;
  const tarballs = await packTarballs(join(work, 'packs'), names);
  modelTarball = tarballs.model;
  project = await consumerProject(join(work, 'project'), Object.values(tarballs));
  contract = await writeRealContract(realContract('pix'), join(project, 'contract'));
  listener = createServer((req, res) => {
    heard.push(`${req.method} ${req.url}`);
    res.end('openapi: 3.1.0');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
}, 300_000);

afterAll(async () => {
  for (const { pid } of started) if (pid) killGroup(pid);
  await new Promise((resolve) => listener?.close(resolve));
  if (work) await rm(work, { recursive: true, force: true });
});

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {} // already gone
}

/** A bin of the install, run to its end: exit code and output. */
async function bin(name: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(join(project, 'node_modules', '.bin', name), args, {
      cwd: project,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** `banking-api-mock --contract …` in its own process group; resolves with its URL once ready. */
async function startMock(args: string[]): Promise<string> {
  const child = spawn(join(project, 'node_modules', '.bin', 'banking-api-mock'), args, {
    cwd: project,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  started.push(child);
  let text = '';
  child.stdout?.on('data', (c: Buffer) => {
    text += c;
  });
  child.stderr?.on('data', (c: Buffer) => {
    text += c;
  });
  for (const deadline = Date.now() + 120_000; ; ) {
    const url = /ready at (https:\S+)/.exec(text)?.[1];
    if (url) return url;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`mock did not start:\n${text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('another contract, from the packages alone', () => {
  it('banking-api-model writes the bundle and model of the Pix API, as readModel reads them', async () => {
    const made = await bin('banking-api-model', [contract, '--out', 'model']);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^API Pix 2\.9\.0: 51 operations → .*model .* in \d+ ms\n$/);
    const model = readModel(join(project, 'model', 'model.json'));
    expect(model.operations).toHaveLength(51);
    expect(model.operations.find((op) => op.key === 'GET /cob/{txid}')).toMatchObject({
      operationId: 'getCobByTxid',
      operationIdDerived: true,
    });
    const bundle = JSON.parse(readFileSync(join(project, 'model', 'openapi.json'), 'utf8'));
    expect(bundle.paths['/cob/{txid}'].get).toBeDefined();
    const installed = join(project, 'node_modules', '@banking-api', 'model');
    for (const file of ['dist/index.js', 'dist/index.d.ts', 'dist/cli.js', 'redocly.yaml', 'README.md'])
      expect(existsSync(join(installed, file)), file).toBe(true);
  }, 120_000);

  it('the mock serves it from --contract over mutual TLS; verify --spec openapi.yaml runs one operation on it', async () => {
    const url = await startMock(['--contract', contract, '--port', '0', '--pki-dir', 'pki']);
    const token = (
      await bin('banking-api-mock-token', ['--pki-dir', 'pki', '--scope', 'cob.read'])
    ).stdout.trim();
    const pki = (file: string) => readFileSync(join(project, 'pki', file), 'utf8');
    const connect = {
      ca: pki('server-ca.pem'),
      cert: pki('client-sandbox.pem'),
      key: pki('client-sandbox-key.pem'),
    };
    const dispatcher = new Agent({ connect });
    try {
      const answer = await request(`${url}/cob/${TXID}`, {
        dispatcher,
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await answer.body.json()) as { status?: string; txid?: string };
      expect(answer.statusCode).toBe(200);
      expect(body).toMatchObject({ status: 'ATIVA', txid: expect.any(String) });
    } finally {
      await dispatcher.close();
    }
    const verified = await bin('banking-api-verify', [
      ...verifyArgs(url, token, contract),
      ...['--include', 'getCobByTxid', '--report', 'report.json'],
    ]);
    expect(verified.code, verified.stderr).not.toBe(2); // it could verify: the contract was read
    const report = JSON.parse(await readFile(join(project, 'report.json'), 'utf8'));
    expect(report.contract).toEqual({ title: 'API Pix', version: '2.9.0' });
    type Check = { operation: string; check: string; failed: boolean };
    const checks = report.checks as Check[];
    expect(new Set(checks.map((c) => c.operation))).toEqual(new Set(['GET /cob/{txid}']));
    const passed = checks.filter((c) => !c.failed).map((c) => c.check);
    for (const check of [
      'auth-required',
      'forged-token-refused',
      'client-certificate-required',
      'example-accepted',
    ])
      expect(passed).toContain(check);
    // What it finds is the contract's and the mock's, named as such: the Pix API's own example of a charge
    // breaks its schema (`loc` without `criacao`), and the mock refuses an invalid txid with a 400 the
    // operation does not document.
    for (const failure of report.failures as { check: string; got: string }[])
      expect(failure.check === 'response-schema' ? failure.got : failure.check).toMatch(
        /criacao|response-status/,
      );
  }, 240_000);

  it('a contract whose $ref leaves its folder or names a URL is refused by all three, nothing fetched', async () => {
    const folder = join(project, 'hostile');
    await mkdir(folder, { recursive: true });
    await writeFile(join(project, 'secret.yaml'), 'type: string\n');
    const { port } = listener.address() as AddressInfo;
    const schema = (ref: string) =>
      `      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: { $ref: '${ref}' }\n`;
    await writeFile(
      join(folder, 'openapi.yaml'),
      `openapi: 3.1.0\ninfo: { title: Hostile, version: '1' }\npaths:\n  /a:\n    get:\n${schema('../secret.yaml')}  /b:\n    get:\n${schema(`http://127.0.0.1:${port}/x.yaml`)}`,
    );
    const made = await bin('banking-api-model', ['hostile/openapi.yaml', '--out', 'hostile-model']);
    expect(made.code).toBe(1);
    expect(made.stderr).toContain('the contract may refer only to files inside its folder');
    expect(made.stderr).toMatch(/openapi\.yaml:\d+ \$ref "\.\.\/secret\.yaml" names a file outside/);
    expect(made.stderr).toMatch(/openapi\.yaml:\d+ \$ref "http:\/\/127\.0\.0\.1:\d+\/x\.yaml" is a URL/);
    expect(existsSync(join(project, 'hostile-model', 'model.json'))).toBe(false);
    const mock = await bin('banking-api-mock', [
      '--contract',
      'hostile/openapi.yaml',
      '--port',
      '0',
      '--pki-dir',
      'pki',
    ]);
    expect(mock.code).toBe(1);
    expect(mock.stderr).toContain(
      'could not start: --contract hostile/openapi.yaml: the contract may refer only',
    );
    const verify = await bin('banking-api-verify', verifyArgs(NOBODY, 'x', 'hostile/openapi.yaml'));
    expect(verify.code).toBe(2);
    expect(verify.stderr).toContain('the contract may refer only to files inside its folder');
    expect(heard).toEqual([]);
  }, 120_000);

  it('without @banking-api/model installed, the mock and verify say what to install', async () => {
    const installed = join(project, 'node_modules', '@banking-api', 'model');
    await rename(installed, `${installed}-aside`);
    try {
      const mock = await bin('banking-api-mock', ['--contract', contract, '--port', '0', '--pki-dir', 'pki']);
      expect(mock.code).toBe(1);
      expect(mock.stderr).toContain('--contract needs @banking-api/model installed beside the mock');
      const verify = await bin('banking-api-verify', verifyArgs(NOBODY, 'x', contract));
      expect(verify.code).toBe(2);
      expect(verify.stderr).toContain('needs @banking-api/model installed beside verify');
      const model = await bin('banking-api-verify', verifyArgs(NOBODY, 'x', 'model/model.json'));
      expect(model.stderr).not.toContain('@banking-api/model'); // a model JSON needs no loader
    } finally {
      await rename(`${installed}-aside`, installed);
    }
  }, 120_000);
});

describe('@banking-api/model as a library', () => {
  it("publint and attw (ESM only) find nothing wrong; its declarations compile in a strict consumer's tsc", async () => {
    const pkgDir = join(project, 'node_modules', '@banking-api', 'model');
    expect((await publint({ pkgDir, strict: true, pack: false })).messages).toEqual([]);
    const attw = join(repoRoot, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
    const args = [attw, modelTarball, '--profile', 'esm-only', '--no-definitely-typed', '--no-color'];
    const result = await run(process.execPath, args).catch((e: { code: number; stdout: string }) => e);
    expect('code' in result ? result.code : 0, result.stdout).toBe(0);
    await writeFile(
      join(project, 'library.ts'),
      [
        "import { readContract, writeModel } from '@banking-api/model';",
        "const { model } = await readContract('contract/openapi.yaml');",
        'const title: string = model.title;',
        "const { files } = await writeModel('contract/openapi.yaml', 'library-model');",
        'console.log(title, files.spec, files.model, model.operations.length);',
      ].join('\n'),
    );
    writeStrictConsumerTsconfig(project, ['library.ts']);
    const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    const compiled = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project }).catch(
      (e) => e,
    );
    expect(compiled.stdout ?? '').toBe('');
  }, 120_000);
});

/** verify's arguments: the mock's PKI, a token and `--spec`, which is read before any server is reached. */
function verifyArgs(target: string, token: string, spec: string): string[] {
  const tls = [
    '--ca',
    'pki/server-ca.pem',
    '--cert',
    'pki/client-sandbox.pem',
    '--key',
    'pki/client-sandbox-key.pem',
  ];
  return ['--target', target, ...tls, '--token', token, '--spec', spec];
}
