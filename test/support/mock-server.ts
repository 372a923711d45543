// Starts the mock (real Prism, real TLS) once for a test suite, on free ports with a PKI made in a
// temporary folder shared by the run, and stops it again: `const mock = await startTestMock()` in beforeAll, then
// `await mock.stop()` in afterAll.
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContractModel } from '@banking-api/contract';
import {
  type DevPki,
  type Environment,
  ensureDevPki,
  type Mock,
  type MockOptions,
  signToken,
  startMock,
} from '@banking-api/mock';

/**
 * A folder for this test run (keyed by the vitest process, the parent of its workers), shared by its
 * test files; folders of finished runs are removed.
 */
async function runDir(): Promise<string> {
  const prefix = 'banking-mock-test-';
  const dir = join(tmpdir(), `${prefix}${process.ppid}`);
  if (existsSync(dir)) return dir;
  for (const name of await readdir(tmpdir())) {
    const pid = Number(name.slice(prefix.length));
    if (name.startsWith(prefix) && pid && !alive(pid))
      await rm(join(tmpdir(), name), { recursive: true, force: true });
  }
  await mkdir(dir, { recursive: true });
  return dir;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Writes a file or folder aside and renames it into place: parallel workers never see half of one. */
async function once(target: string, make: (draft: string) => Promise<void>): Promise<string> {
  if (existsSync(target)) return target;
  const draft = `${target}.${process.pid}.draft`;
  await make(draft);
  try {
    await rename(draft, target);
  } catch {
    await rm(draft, { recursive: true, force: true }); // another worker was first: use its copy
  }
  return target;
}

let pkiOfThisProcess: Promise<string> | undefined;

/**
 * One PKI for all test files of a run: its RSA keys are most of a mock's start-up CPU. Made once per
 * process too, so that mocks started side by side do not write the same draft.
 */
function sharedTestPki(): Promise<string> {
  pkiOfThisProcess ??= runDir().then((dir) =>
    once(join(dir, 'pki'), async (draft) => {
      await ensureDevPki(draft);
    }),
  );
  return pkiOfThisProcess;
}

/** The run's shared dev PKI (server and client certificates, CAs, token key), for a test's own TLS server. */
export async function testPki(): Promise<DevPki> {
  return ensureDevPki(await sharedTestPki());
}

export interface TestMock {
  mock: Mock;
  url: string;
  /** The model the mock routes by (by default the one @banking-api/contract ships). */
  model: ContractModel;
  /** A dev token; scopes default to both webhook scopes. */
  token(env?: Environment, options?: { scopes?: string[]; ttlSeconds?: number }): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The mock for a test file, on the contract @banking-api/contract ships unless `specPath` and `model`
 * say otherwise. Prism runs with `--errors`, so an example that breaks its own schema answers 500 and
 * fails the test that calls its operation.
 */
export async function startTestMock(options: Partial<MockOptions> = {}): Promise<TestMock> {
  const pkiDir = options.pkiDir ?? (await sharedTestPki());
  const mock = await startMock({ port: 0, errors: true, ...options, pkiDir });
  return {
    mock,
    url: mock.url,
    model: mock.model,
    token: (env = 'sandbox', opts = {}) =>
      signToken(mock.pki.jwt.privateKey, {
        env,
        scopes: opts.scopes ?? ['webhook.read', 'webhook.write'],
        ttlSeconds: opts.ttlSeconds,
      }),
    stop: () => mock.close(),
  };
}
