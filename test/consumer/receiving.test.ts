// Receiving notifications as another team does, from the packed tarballs in a fresh folder: the test of
// docs/receiving-notifications.md, run as written (a receiver built with @banking-api/client/receiver gets a
// try's body from the mock over mutual TLS; answering 503 then 200, both attempts are in the webhook logs
// with their statuses after a retry) and type-checked by the strictest consumer; and the mock's command
// with --webhook and --webhook-ca delivering a try to a receiver built with the packed helper.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { guideFiles } from '../mock-product/guide-files.ts';
import { consumerProject, packTarballs, repoRoot } from '../mock-product/packed.ts';
import { strictConsumerOptions } from '../support/strict-consumer.ts';

const run = promisify(execFile);
let work: string;
let project: string;
const started: ChildProcess[] = [];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'banking-receiving-'));
  const tarballs = await packTarballs(join(work, 'packs'));
  project = await consumerProject(join(work, 'project'), Object.values(tarballs));
  for (const [name, text] of Object.entries(await guideFiles('receiving-notifications.md'))) {
    await mkdir(dirname(join(project, name)), { recursive: true });
    await writeFile(join(project, name), text);
  }
}, 240_000);

afterAll(async () => {
  for (const { pid } of started) if (pid) stopGroup(pid);
  if (work) await rm(work, { recursive: true, force: true });
});

/** A user whose per-user state (the mock's certificate folder) is inside this test's folder. */
const userEnv = () => ({
  ...process.env,
  XDG_STATE_HOME: join(work, 'state'),
  MOCK_PKI_DIR: '',
  NO_COLOR: '1',
});

function stopGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

test("the guide's files are the two the test runs", async () => {
  expect(Object.keys(await guideFiles('receiving-notifications.md')).sort()).toEqual([
    'src/receiver.ts',
    'test/notifications.test.ts',
  ]);
});

test("the guide's test passes against the packed mock and client: a try's body over mTLS; 503 then 200 after a retry", async () => {
  const vitest = join(project, 'node_modules', 'vitest', 'vitest.mjs');
  const args = [
    vitest,
    'run',
    '--reporter=json',
    '--outputFile.json=report.json',
    'test/notifications.test.ts',
  ];
  const result = await run(process.execPath, args, { cwd: project, env: userEnv() }).catch((e) => e);
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  expect(result.code ?? 0, output).toBe(0);
  const report = JSON.parse(await readFile(join(project, 'report.json'), 'utf8')) as {
    testResults: { assertionResults: { title: string; status: string }[] }[];
  };
  const ran = report.testResults.flatMap((file) => file.assertionResults.map((t) => [t.title, t.status]));
  expect(ran).toEqual([
    ['the body of a try arrives over mutual TLS, from the mock', 'passed'],
    ['answered 503, then 200 after a retry: both attempts in the logs, with their statuses', 'passed'],
  ]);
}, 120_000);

test("the guide's files type-check in a consumer's strictest tsc", async () => {
  const compilerOptions = { ...strictConsumerOptions, noEmit: true, allowImportingTsExtensions: true };
  const files = ['src/receiver.ts', 'test/notifications.test.ts'];
  await writeFile(join(project, 'tsconfig.receiving.json'), JSON.stringify({ compilerOptions, files }));
  const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = await run(process.execPath, [tsc, '-p', 'tsconfig.receiving.json'], { cwd: project }).catch(
    (e) => e,
  );
  expect(`${result.stdout ?? ''}${result.stderr ?? ''}`).toBe('');
}, 60_000);

test('banking-api-mock --webhook id=url --webhook-ca delivers a try to a receiver built with the packed helper', async () => {
  const packed = (entry: string) =>
    import(pathToFileURL(join(project, 'node_modules', '@banking-api', entry)).href);
  const { makeCa, makeServerCert } = await packed('mock/dist/index.js');
  const { startWebhookReceiver } = await packed('client/dist/receiver-entry.js');
  const receiverCa = makeCa('Receiver CA');
  const server = makeServerCert(receiverCa, ['127.0.0.1']);
  await writeFile(join(work, 'receiver-ca.pem'), receiverCa.cert);
  const port = await freePort();
  const mock = spawn(
    'npx',
    [
      ...['--no-install', '@banking-api/mock', '--port', '0'],
      ...[
        '--webhook',
        `wh-cli=https://127.0.0.1:${port}/hooks`,
        '--webhook-ca',
        join(work, 'receiver-ca.pem'),
      ],
    ],
    { cwd: project, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  started.push(mock);
  let out = '';
  mock.stdout?.on('data', (c: Buffer) => (out += c));
  mock.stderr?.on('data', (c: Buffer) => (out += c));
  await expect
    .poll(() => /ready at https:\S+/.test(out) && /Ctrl-C/.test(out), { timeout: 60_000 })
    .toBe(true);
  expect(out).toContain(`wh-cli → https://127.0.0.1:${port}/hooks`);
  const url = /ready at (https:\S+)/.exec(out)?.[1] as string;
  const pki = join(work, 'state', 'banking-api-mock');
  const pem = (name: string) => readFile(join(pki, name), 'utf8');
  const bodies: unknown[] = [];
  const receiver = await startWebhookReceiver({
    ...server,
    ca: await pem('webhook-ca.pem'),
    port,
    onNotification: (n: { body: unknown }) => void bodies.push(n.body),
  });
  const tokenBin = join(project, 'node_modules', '.bin', 'banking-api-mock-token');
  const token = (await run(tokenBin, ['--env', 'sandbox', '--scope', 'webhook.write'], { env: userEnv() }))
    .stdout;
  const dispatcher = new Agent({
    connect: {
      ca: await pem('server-ca.pem'),
      cert: await pem('client-sandbox.pem'),
      key: await pem('client-sandbox-key.pem'),
    },
  });
  try {
    const answer = await request(`${url}/hb/webhook/try?webhookId=wh-cli`, {
      method: 'POST',
      dispatcher,
      headers: { authorization: `Bearer ${token.trim()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: 'the command line' }),
    });
    expect(answer.statusCode, await answer.body.text()).toBe(201);
    await expect.poll(() => bodies, { timeout: 15_000 }).toEqual([{ from: 'the command line' }]);
    // Each attempt is told on stderr, as `stripe listen` does.
    await expect
      .poll(() => out)
      .toMatch(/mock: webhook wh-cli test → https:\/\/127\.0\.0\.1:\d+\/hooks: 204 in \d+ ms/);
  } finally {
    await dispatcher.close();
    await receiver.close();
    stopGroup(mock.pid as number);
  }
}, 120_000);
