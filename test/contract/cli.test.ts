// `npm run mock` as a user runs it: one ready line, dev PKI on first run, tokens from `mock:token`,
// Ctrl-C stops it, and it is one process (Prism runs inside it, no child to leave behind).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensureDevPki } from '@banking-api/mock';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';

/** The package's executable entry points, as its `exports` name them. */
const entry = (name: 'cli' | 'token-cli') =>
  createRequire(import.meta.url).resolve(`@banking-api/mock/${name}`);
let pkiDir: string;
const started: ChildProcess[] = [];

beforeAll(async () => {
  pkiDir = join(await mkdtemp(join(tmpdir(), 'banking-cli-')), 'pki');
});
afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(join(pkiDir, '..'), { recursive: true, force: true });
});

function run(script: 'cli' | 'token-cli', args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry(script), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, MOCK_PKI_DIR: pkiDir },
  });
  started.push(child);
  const out = { stdout: '', stderr: '' };
  child.stdout?.on('data', (c: Buffer) => {
    out.stdout += c;
  });
  child.stderr?.on('data', (c: Buffer) => {
    out.stderr += c;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, out, exited };
}

async function ready(mock: ReturnType<typeof run>): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (!/ready at (https:\S+)/.test(mock.out.stdout)) {
    if (mock.child.exitCode !== null) throw new Error(`mock exited early: ${mock.out.stderr}`);
    if (Date.now() > deadline) throw new Error(`mock not ready: ${mock.out.stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return /ready at (https:\S+)/.exec(mock.out.stdout)?.[1] ?? '';
}

/** The pids of a process's children (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A client of the running mock with its sandbox certificate (the PKI the CLI made; only read here). */
async function sandboxAgent(): Promise<Agent> {
  const pki = await ensureDevPki(pkiDir);
  return new Agent({ connect: { ...pki.clients.sandbox, ca: pki.serverCa } });
}

test('bad flags and a missing spec are explained, exit 2', async () => {
  const badPort = run('cli', ['--port', 'http']);
  expect(await badPort.exited).toBe(2);
  expect(badPort.out.stderr).toMatch(/--port must be a port number, got "http"/);
  const noSpec = run('cli', ['--spec', '/nonexistent/openapi.json']);
  expect(await noSpec.exited).toBe(2);
  expect(noSpec.out.stderr).toMatch(/no bundled spec at \/nonexistent\/openapi.json/);
  const badEnv = run('token-cli', ['--env', 'staging']);
  expect(await badEnv.exited).toBe(2);
  expect(badEnv.out.stderr).toMatch(/--env must be sandbox or production/);
});

test('a scope no operation asks for still makes a token, with a note naming the scope meant', async () => {
  const typo = run('token-cli', ['--scope', 'webhook.raed mock.admin']);
  expect(await typo.exited).toBe(0);
  expect(typo.out.stdout.trim()).toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(typo.out.stderr).toMatch(
    /scope webhook\.raed \(did you mean webhook\.read\?\); the token carries it/,
  );
  expect(typo.out.stderr).not.toContain('mock.admin');
});

/** The mock started in the background by a shell that exits at once, with npm's environment as given. */
async function orphanedMock(npmCommand: string): Promise<{ pid: number; log: string }> {
  const log = join(pkiDir, '..', `orphan-${npmCommand}.log`);
  const line = `"${process.execPath}" --import tsx "${entry('cli')}" --port 0 > "${log}" 2>&1 & echo $!`;
  const { stdout } = await promisify(execFile)('sh', ['-c', line], {
    env: { ...process.env, MOCK_PKI_DIR: pkiDir, npm_command: npmCommand, npm_lifecycle_event: 'pretest' },
  });
  return { pid: Number(stdout.trim()), log };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test("under npx, a mock whose npx is gone (even before it was ready) stops; under an npm script's shell, it stays", async () => {
  const underNpx = await orphanedMock('exec');
  const inScript = await orphanedMock('run-script');
  try {
    await expect.poll(() => alive(underNpx.pid), { timeout: 30_000, interval: 200 }).toBe(false);
    await expect
      .poll(() => readFileSync(inScript.log, 'utf8'), { timeout: 60_000 })
      .toMatch(/ready at https/);
    await new Promise((r) => setTimeout(r, 1500)); // three of the watch's checks
    expect(alive(inScript.pid)).toBe(true);
  } finally {
    for (const { pid } of [underNpx, inScript]) if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
}, 90_000);

test('starts with one ready line, makes the PKI, serves a token from mock:token, stops on Ctrl-C', async () => {
  const mock = run('cli', ['--port', '0']); // the spec and model @banking-api/contract ships
  const url = await ready(mock);
  expect(mock.out.stdout.trim().split('\n')).toHaveLength(1);
  expect(mock.out.stdout).toContain(`certificates in ${pkiDir}`);
  for (const file of ['server-ca.pem', 'client-sandbox.pem', 'client-sandbox.p12', 'client-production.p12']) {
    expect(existsSync(join(pkiDir, file)), file).toBe(true);
  }

  const tokenCli = run('token-cli', ['--env', 'sandbox', '--scope', 'webhook.read']);
  expect(await tokenCli.exited).toBe(0);
  const token = tokenCli.out.stdout.trim();
  const agent = await sandboxAgent();
  const res = await request(`${url}/hb/webhook/logs?webhookId=w`, {
    dispatcher: agent,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  await res.body.dump();
  await agent.close();

  expect(childrenOf(mock.child.pid ?? 0)).toEqual([]); // Prism runs in the mock's process
  mock.child.kill('SIGINT');
  expect(await mock.exited).toBe(0);
});

test('--dynamic serves generated data, with three-digit milliseconds in generated timestamps', async () => {
  const mock = run('cli', ['--port', '0', '--dynamic', '--seed', '7']);
  const url = await ready(mock);
  expect(mock.out.stdout).toMatch(/dynamic mock ready/);
  const agent = await sandboxAgent();
  const tokenCli = run('token-cli', []);
  expect(await tokenCli.exited).toBe(0);
  const res = await request(`${url}/hb/accounts/account-holders`, {
    method: 'PUT',
    dispatcher: agent,
    headers: {
      authorization: `Bearer ${tokenCli.out.stdout.trim()}`,
      'x-account-id': 'acc-1',
      'content-type': 'application/json',
    },
    body: '{"registerName":"Padaria"}',
  });
  const body = (await res.body.json()) as { holder: { id: string; updatedAt: string } };
  await agent.close();
  expect(res.statusCode).toBe(200);
  expect(typeof body.holder.id).toBe('string');
  expect(body.holder.id).not.toBe('7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34'); // not the named example's
  // json-schema-faker cuts milliseconds ("…:53.0Z"); the in-process padding makes them three digits.
  expect(body.holder.updatedAt).toMatch(/\.\d{3}Z$/);
  mock.child.kill('SIGINT');
  expect(await mock.exited).toBe(0);
});
