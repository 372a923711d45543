// The mock as another team meets it: the packed tarballs installed in a fresh folder; the bin started
// with zero configuration; a token from the token bin run elsewhere; an mTLS request; the declarations
// type-checked by a consumer's strictest tsc; and the vitest example of docs/mock.md run as it is.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { strictConsumerOptions, writeStrictConsumerTsconfig } from '../support/strict-consumer.ts';
import { guideFiles } from './guide-files.ts';
import { consumerProject, packTarballs, repoRoot } from './packed.ts';

const run = promisify(execFile);
let work: string;
let project: string;
let stateHome: string;
let mockTarball: string;
const started: ChildProcess[] = [];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'banking-consumer-'));
  const tarballs = await packTarballs(join(work, 'packs'));
  mockTarball = tarballs.mock;
  project = await consumerProject(join(work, 'project'), Object.values(tarballs));
  stateHome = join(work, 'state');
}, 240_000);

afterAll(async () => {
  for (const { pid } of started) if (pid && groupAlive(pid)) process.kill(-pid, 'SIGKILL');
  await rm(work, { recursive: true, force: true });
});

/** The environment of a user whose per-user state folder is inside this test's folder. */
const userEnv = () => ({
  ...process.env,
  XDG_STATE_HOME: stateHome,
  MOCK_PKI_DIR: '',
  NO_COLOR: '1',
  FORCE_COLOR: '0',
});

function startBin(args: string[]) {
  // Its own process group, so that the test can stop npx and the mock under it together.
  const child = spawn('npx', ['--no-install', '@banking-api/mock', ...args], {
    cwd: project,
    env: userEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  started.push(child);
  const out = { text: '' };
  child.stdout?.on('data', (c: Buffer) => {
    out.text += c;
  });
  child.stderr?.on('data', (c: Buffer) => {
    out.text += c;
  });
  return { child, out };
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function readyUrl(mock: ReturnType<typeof startBin>): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const url = /ready at (https:\S+)/.exec(mock.out.text)?.[1];
    if (url && /Ctrl-C/.test(mock.out.text)) return url;
    if (mock.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`mock did not start:\n${mock.out.text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('npx banking-api-mock starts with zero configuration; the token bin, run elsewhere, shares its PKI', async () => {
  const mock = startBin(['--port', '0']);
  const url = await readyUrl(mock);
  const pkiDir = join(stateHome, 'banking-api-mock');
  expect(mock.out.text).toContain(`certificates in ${pkiDir}`);
  for (const file of [
    'server-ca.pem',
    'client-sandbox.pem',
    'client-sandbox-key.pem',
    'banking-api-mock-token',
  ])
    expect(mock.out.text).toContain(file);

  const elsewhere = await mkdtemp(join(work, 'elsewhere-'));
  const tokenBin = join(project, 'node_modules', '.bin', 'banking-api-mock-token');
  const { stdout } = await run(tokenBin, ['--env', 'sandbox', '--scope', 'webhook.read'], {
    cwd: elsewhere,
    env: userEnv(),
  });
  const pem = (name: string) => readFileSync(join(pkiDir, name), 'utf8');
  const dispatcher = new Agent({
    connect: {
      ca: pem('server-ca.pem'),
      cert: pem('client-sandbox.pem'),
      key: pem('client-sandbox-key.pem'),
    },
  });
  try {
    const answer = await request(`${url}/hb/webhook/logs?webhookId=wh-1`, {
      dispatcher,
      headers: { authorization: `Bearer ${stdout.trim()}` },
    });
    expect(answer.statusCode, await answer.body.text()).toBe(200);
  } finally {
    await dispatcher.close();
  }
  const exited = new Promise((r) => mock.child.once('exit', r));
  process.kill(-(mock.child.pid as number), 'SIGTERM');
  await exited;
  await expect.poll(() => groupAlive(mock.child.pid as number), { timeout: 10_000 }).toBe(false);
}, 90_000);

test("stopping npx's own process (not its group) stops the mock under it, and frees its port", async () => {
  const mock = startBin(['--port', '0']);
  const url = new URL(await readyUrl(mock));
  const npxExited = new Promise((r) => mock.child.once('exit', r));
  process.kill(mock.child.pid as number, 'SIGTERM'); // as a CI job runner or `kill $!` does
  await npxExited;
  await expect.poll(() => groupAlive(mock.child.pid as number), { timeout: 10_000 }).toBe(false);
  const answered = await new Promise<boolean>((resolve) => {
    const socket = connect(Number(url.port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  expect(answered).toBe(false);
}, 90_000);

// Uses the public surface the docs show; a wrong use must fail, so the types are not `any`.
const consumerSource = `import { startMock, type Mock, type MockOptions, type JournalEntry, type Fault, type MockSession, type Stub, StubRefusedError } from '@banking-api/mock';
import { openMockSession } from '@banking-api/mock/admin';
const options: MockOptions = { port: 0, stateful: true, faults: { sendPix: { status: 503, times: 1 } } };
const mock: Mock = await startMock(options);
const token: string = await mock.token(['webhook.read'], { env: 'production' });
const cert: string = mock.clients.sandbox.cert;
const entries: JournalEntry[] = mock.journal.entries();
const fault: Fault = { latencyMs: 10 };
mock.faults.set('*', fault);
const session: MockSession = await mock.openSession({ stateful: true, idleTimeoutSeconds: 60 });
const stub: Stub = { operationId: 'createCard', when: { body: { typeCard: 'Virtual' } }, answer: { status: 422 }, times: 1 };
const kept = await session.stubs.add(stub);
const hits: number = kept.hits;
const refused: readonly { at: string }[] = new StubRefusedError([]).violations;
const remote: MockSession = await openMockSession(await mock.connection(), { stateful: false });
await remote.journal.expectCalled('createCard', { times: 0, where: { body: { alias: 'x' } } });
await remote.close();
await session.close();
console.log(hits, refused);
// @ts-expect-error the URL is a string
const port: number = mock.url;
console.log(token, cert, entries, port);
await mock.stop();
`;

test("the declarations type-check in a consumer's strictest tsc", async () => {
  writeStrictConsumerTsconfig(project, ['consumer.ts']);
  await writeFile(join(project, 'consumer.ts'), consumerSource);
  const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project }).catch((e) => e);
  expect(`${result.stdout ?? ''}${result.stderr ?? ''}`).toBe('');
}, 60_000);

/** Stubs a consuming team writes; each line of `stubsOffContract` is one the contract forbids. */
const stubsOnContract = `import { openMockSession } from '@banking-api/mock/admin';
import type { Stub } from '@banking-api/mock';
const session = await openMockSession({ url: '', ca: '', cert: '', key: '', adminToken: '' });
const card = { cardProxy: 'CRD-1', alias: 'Compras', status: 'ACTIVE', typeCard: 'Virtual' };
await session.stubs.add({ operationId: 'createCard', answer: { status: 200, body: { card } } });
await session.stubs.add({ operationId: 'createCard', when: { body: { typeCard: 'Virtual' } }, answer: { status: 422 } });
await session.stubs.add({ operationId: 'refundPix', when: { path: { id: 'r-1' } }, answer: { status: 503, headers: { 'retry-after': '5' } } });
const logs: Stub = { operationId: 'listWebhookLogs', answer: { status: 200, body: { status_code: 200, success: true, message: 'OK', data: [] } } };
await session.stubs.add(logs);
`;
const stubsOffContract = [
  "await session.stubs.add({ operationId: 'createCardd', answer: { status: 200 } });",
  "await session.stubs.add({ operationId: 'createCard', answer: { status: 200, body: { card: { alias: 1 } } } });",
  "await session.stubs.add({ operationId: 'createCard', answer: { status: 201 } });",
  "await session.stubs.add({ operationId: 'createCard', answer: { status: 422, body: { code: 'X' } } });",
  "await session.stubs.add({ operationId: 'createCard', when: { path: { id: 'x' } }, answer: { status: 200 } });",
  "await session.stubs.add({ operationId: 'listWebhookLogs', answer: { status: 200, body: { status_code: 500, success: true, message: 'OK', data: [] } } });",
];

test("stubs are typed by the contract: a strict consumer's tsc refuses a misspelt operationId, an undocumented status and an off-contract body", async () => {
  const [head = '', ...rest] = stubsOnContract.split('\n');
  const offContract = [head, rest[1], ...stubsOffContract].join('\n');
  await writeFile(join(project, 'stubs-on-contract.ts'), stubsOnContract);
  await writeFile(join(project, 'stubs-off-contract.ts'), `${offContract}\nexport {};\n`);
  writeStrictConsumerTsconfig(project, ['stubs-on-contract.ts', 'stubs-off-contract.ts']);
  const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], {
    cwd: project,
  }).catch((e) => e);
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
  expect(
    errors.filter((line) => !line.startsWith('stubs-off-contract.ts')),
    output,
  ).toEqual([]);
  // One error on each line that breaks the contract, and on no other line.
  const lines = [...new Set(errors.map((line) => Number(/\((\d+),/.exec(line)?.[1])))].sort((a, b) => a - b);
  expect(lines, output).toEqual(stubsOffContract.map((_, i) => i + 3));
  expect(output).toMatch(/'"createCardd"' is not assignable .* Did you mean '"createCard"'\?/);
}, 60_000);

/** What vitest's JSON reporter says of each test file: when it ran, and its tests' outcomes. */
type FileReport = {
  name: string;
  startTime: number;
  endTime: number;
  assertionResults: { status: string }[];
};

test('the vitest example of docs/mock.md runs against the packed mock: two files at once, each in its own session', async () => {
  const files = Object.fromEntries(
    Object.entries(await guideFiles()).filter(([name]) => name.endsWith('.ts')),
  );
  expect(Object.keys(files).sort()).toEqual([
    'test/bank.ts',
    'test/cards.test.ts',
    'test/mock.setup.ts',
    'test/webhooks.test.ts',
    'vitest.config.ts',
  ]);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(project, name)), { recursive: true });
    await writeFile(join(project, name), text);
  }
  const vitest = join(project, 'node_modules', 'vitest', 'vitest.mjs');
  const args = [
    vitest,
    'run',
    '--maxWorkers=2',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=report.json',
  ];
  const result = await run(process.execPath, args, { cwd: project, env: userEnv() }).catch((e) => e);
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  expect(result.code ?? 0, output).toBe(0);
  const report = JSON.parse(await readFile(join(project, 'report.json'), 'utf8')) as {
    testResults: FileReport[];
  };
  const ran = report.testResults.filter((f) => f.name.endsWith('.test.ts'));
  expect(ran.flatMap((f) => f.assertionResults.map((t) => t.status))).toEqual([
    'passed',
    'passed',
    'passed',
    'passed',
  ]);
  // Side by side: each file started before the other ended, so their sessions were open at once.
  const [a, b] = ran as [FileReport, FileReport];
  expect(a.startTime < b.endTime && b.startTime < a.endTime, JSON.stringify(ran)).toBe(true);
}, 120_000);

test("the example's files type-check in a consumer's strictest tsc", async () => {
  const names = ['test/bank.ts', 'test/cards.test.ts', 'test/mock.setup.ts', 'test/webhooks.test.ts'];
  const compilerOptions = { ...strictConsumerOptions, noEmit: true, allowImportingTsExtensions: true };
  await writeFile(join(project, 'tsconfig.example.json'), JSON.stringify({ compilerOptions, files: names }));
  const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = await run(process.execPath, [tsc, '-p', 'tsconfig.example.json'], { cwd: project }).catch(
    (e) => e,
  );
  expect(`${result.stdout ?? ''}${result.stderr ?? ''}`).toBe('');
}, 60_000);

test('publint and attw (ESM only) find nothing wrong with the package', async () => {
  const pkgDir = join(project, 'node_modules', '@banking-api', 'mock');
  const { messages } = await publint({ pkgDir, strict: true, pack: false });
  expect(messages).toEqual([]);
  const attw = join(repoRoot, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
  const args = [attw, mockTarball, '--profile', 'esm-only', '--no-definitely-typed', '--no-color'];
  const result = await run(process.execPath, args).catch((e: { code: number; stdout: string }) => e);
  expect('code' in result ? result.code : 0, result.stdout).toBe(0);
}, 60_000);
