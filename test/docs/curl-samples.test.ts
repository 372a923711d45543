// The curl samples of the reference, run as published (bash, real curl) against the mock over mutual TLS:
// every one must get a 2xx. Only the files they name (client.crt, client.key, ca.crt, remessa.rem) and the
// two environment variables are provided.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Operation } from '@banking-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../model/load.ts';
import { curlSample } from '../../pipeline/docs/samples/curl.ts';
import { defaultBaseUrl, sampleRequest } from '../../pipeline/docs/samples/index.ts';
import { specPath } from '../../scripts/paths.ts';
import { startTestMock, type TestMock } from '../support/mock-server.ts';

let mock: TestMock;
let dir: string;
let env: NodeJS.ProcessEnv;
let ops: readonly Operation[];
let curl: (op: Operation) => string;

beforeAll(async () => {
  const { model } = await loadContract(specPath);
  ops = model.operations;
  curl = (op) => curlSample(sampleRequest(op, defaultBaseUrl(model.servers)));
  mock = await startTestMock();
  dir = await mkdtemp(path.join(os.tmpdir(), 'docs-curl-'));
  const { pki } = mock.mock;
  await Promise.all([
    writeFile(path.join(dir, 'client.crt'), pki.clients.sandbox.cert),
    writeFile(path.join(dir, 'client.key'), pki.clients.sandbox.key),
    writeFile(path.join(dir, 'ca.crt'), pki.serverCa),
    writeFile(path.join(dir, 'remessa.rem'), `${'0'.repeat(240)}\r\n`),
    // HOME points here, so curl reads this .curlrc: the samples stay exactly as published.
    writeFile(
      path.join(dir, '.curlrc'),
      'silent\nshow-error\noutput = "/dev/null"\nwrite-out = "%{http_code}"\n',
    ),
  ]);
  env = {
    PATH: process.env.PATH,
    HOME: dir,
    BANKING_API_URL: mock.url.replace(/\/$/, ''),
    BANKING_API_TOKEN: await mock.token('sandbox'),
  };
}, 60_000);

afterAll(async () => {
  await mock?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('curl samples against the mock', () => {
  it('all get a 2xx with the client certificate, token and account header they show', async () => {
    expect(ops.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const op of ops) {
      const { stdout, stderr } = await promisify(execFile)('bash', ['-c', curl(op)], {
        cwd: dir,
        env,
      }).catch((error: { stdout?: string; stderr?: string }) => ({
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }));
      if (!/^2\d\d$/.test(stdout)) failures.push(`${op.operationId}: HTTP ${stdout || '-'} ${stderr.trim()}`);
    }
    expect(failures).toEqual([]);
  });

  it('are refused without the client certificate (the check is real)', async () => {
    const sample = curl(ops[0] as Operation).replace('--cert client.crt --key client.key ', '');
    const result = await promisify(execFile)('bash', ['-c', sample], { cwd: dir, env }).then(
      (r) => r.stdout,
      (error: { stdout?: string }) => error.stdout ?? '',
    );
    expect(result).not.toMatch(/^2\d\d$/);
  });
});
