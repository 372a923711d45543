// The reference's Python, Java and Go samples of every operation, run as published against the mock over
// mutual TLS (python3 with requests, javac + java 17, go build), each must get a 2xx; the C# samples are
// compiled with Mono's mcs. Only the files the samples name (client.crt, client.key, client.p12, ca.crt,
// remessa.rem) and their environment variables are provided.
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pkiFiles } from '@banking-api/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../model/load.ts';
import { csharpSample } from '../../pipeline/docs/samples/csharp.ts';
import { goSample } from '../../pipeline/docs/samples/go.ts';
import { defaultBaseUrl, type SampleRequest, sampleRequest } from '../../pipeline/docs/samples/index.ts';
import { javaSample } from '../../pipeline/docs/samples/java.ts';
import { pythonSample } from '../../pipeline/docs/samples/python.ts';
import { programName } from '../../pipeline/docs/samples/request.ts';
import { root, specPath } from '../../scripts/paths.ts';
import { startTestMock, type TestMock } from '../support/mock-server.ts';

const run = promisify(execFile);
let mock: TestMock;
let dir: string;
let env: NodeJS.ProcessEnv;
let requests: SampleRequest[];

beforeAll(async () => {
  const { model } = await loadContract(specPath);
  requests = model.operations.map((op) => sampleRequest(op, defaultBaseUrl(model.servers)));
  mock = await startTestMock();
  dir = await mkdtemp(path.join(os.tmpdir(), 'docs-samples-'));
  const { pki } = mock.mock;
  await Promise.all([
    writeFile(path.join(dir, 'client.crt'), pki.clients.sandbox.cert),
    writeFile(path.join(dir, 'client.key'), pki.clients.sandbox.key),
    copyFile(path.join(pki.dir, pkiFiles.clientP12('sandbox')), path.join(dir, 'client.p12')),
    writeFile(path.join(dir, 'ca.crt'), pki.serverCa),
    writeFile(path.join(dir, 'remessa.rem'), `${'0'.repeat(240)}\r\n`),
  ]);
  env = {
    PATH: process.env.PATH,
    HOME: dir,
    BANKING_API_URL: mock.url.replace(/\/$/, ''),
    BANKING_API_TOKEN: await mock.token('sandbox'),
    BANKING_API_P12_PASSWORD: 'mock',
  };
}, 60_000);

afterAll(async () => {
  await mock?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Runs each program (two at a time), in the folder with the credentials; the ones that got no 2xx. */
async function failures(programs: { name: string; command: string; args: string[] }[]): Promise<string[]> {
  const failed: string[] = [];
  const queue = [...programs];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { stdout, stderr } = await run(next.command, next.args, { cwd: dir, env, timeout: 60_000 }).catch(
        (error: { stdout?: string; stderr?: string; message: string }) => ({
          stdout: error.stdout ?? '',
          stderr: error.stderr || error.message,
        }),
      );
      const status = stdout.split('\n')[0] ?? '';
      if (!/^2\d\d$/.test(status))
        failed.push(
          `${next.name}: ${status || '-'} ${stdout.slice(status.length, 400)} ${stderr.trim().slice(0, 400)}`,
        );
    }
  };
  await Promise.all([worker(), worker()]);
  return failed;
}

describe('code samples run against the mock', () => {
  it('Python (requests): every operation gets a 2xx', async () => {
    await mkdir(path.join(dir, 'python'));
    const programs = await Promise.all(
      requests.map(async (req) => {
        const file = path.join(dir, 'python', `${req.operationId}.py`);
        await writeFile(file, pythonSample(req));
        return { name: req.operationId, command: 'python3', args: [file] };
      }),
    );
    expect(programs.length).toBeGreaterThan(0);
    expect(await failures(programs)).toEqual([]);
  }, 300_000);

  it('Java (java.net.http): every operation compiles with javac and gets a 2xx', async () => {
    const src = path.join(dir, 'java');
    await mkdir(src);
    const files = await Promise.all(
      requests.map(async (req) => {
        const file = path.join(src, `${programName(req)}.java`);
        await writeFile(file, javaSample(req));
        return file;
      }),
    );
    await run('javac', ['-Xlint:all', '-Werror', '-d', path.join(src, 'out'), ...files], {
      timeout: 240_000,
    });
    const programs = requests.map((req) => ({
      name: req.operationId,
      command: 'java',
      args: ['-cp', path.join(src, 'out'), programName(req)],
    }));
    expect(await failures(programs)).toEqual([]);
  }, 300_000);

  it('Go (net/http): every operation is gofmt-clean, builds and gets a 2xx', async () => {
    const module = path.join(dir, 'go');
    await mkdir(module);
    await writeFile(path.join(module, 'go.mod'), 'module samples\n\ngo 1.19\n');
    for (const req of requests) {
      await mkdir(path.join(module, req.operationId));
      await writeFile(path.join(module, req.operationId, 'main.go'), goSample(req));
    }
    const goEnv = {
      ...env,
      GOCACHE: path.join(root, '.cache/go-build'),
      GOPATH: path.join(root, '.cache/go'),
      GOFLAGS: '-mod=mod',
      GOPROXY: 'off',
    };
    const { stdout: unformatted } = await run('gofmt', ['-l', module]);
    expect(unformatted).toBe('');
    await run('go', ['vet', './...'], { cwd: module, env: goEnv, timeout: 240_000 });
    await run('go', ['build', '-o', path.join(module, 'bin') + path.sep, './...'], {
      cwd: module,
      env: goEnv,
      timeout: 240_000,
    });
    const programs = requests.map((req) => ({
      name: req.operationId,
      command: path.join(module, 'bin', req.operationId),
      args: [],
    }));
    expect(await failures(programs)).toEqual([]);
  }, 300_000);

  it('C# (HttpClient): every operation compiles with mcs', async () => {
    const src = path.join(dir, 'csharp');
    await mkdir(src);
    const files = await Promise.all(
      requests.map(async (req) => {
        const file = path.join(src, `${programName(req)}.cs`);
        await writeFile(file, csharpSample(req));
        return file;
      }),
    );
    // One compile of them all: each has its Main, so one is named the entry point.
    const main = programName(requests[0] as SampleRequest);
    const { stdout, stderr } = await run(
      'mcs',
      [
        '-warnaserror+',
        '-r:System.Net.Http.dll',
        `-main:${main}`,
        `-out:${path.join(src, 'samples.exe')}`,
        ...files,
      ],
      { timeout: 240_000 },
    ).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? 'failed',
    }));
    expect(`${stdout}${stderr}`).not.toMatch(/error|warning/i);
  }, 300_000);
});
