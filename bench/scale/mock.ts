// The mock of a scaled repo (its built package's CLI, as a team runs it) beside bare Prism on the same bundle:
// time from the command to a listening server, and CPU time per request under the same load (bench/lib/load.ts),
// with requests to the first and the last copy of the operations.
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ContractModel } from '@banking-api/contract';
import { Pool } from 'undici';
import { startPrism } from '../../scripts/prism.ts';
import { cpuMs, load, mix, type Request, Tally } from '../lib/load.ts';
import { type MockProcess, startMockProcess } from '../lib/mock-process.ts';
import { alternate, type Row } from './stats.ts';

/** `node packages/mock/dist/cli.js --port 0 --pki-dir <pki>` in `repo`, once it says it is ready. */
const startMock = (repo: string, pki: string): Promise<MockProcess> =>
  startMockProcess(path.join(repo, 'packages/mock/dist/cli.js'), ['--pki-dir', pki], repo);

/** The mix, sent to the original operations and to the last copy's (`/cN/...`) alike. */
function requests(copies: number): Request[] {
  const last = copies > 1 ? mix.map((r) => ({ ...r, path: `/c${copies}${r.path}` })) : [];
  return [...mix, ...last];
}

/** CPU ms per request of the process `pid` while `pool` takes `seconds` of load. */
async function cpuPerRequest(pool: Pool, pid: number, token: string, reqs: Request[], seconds: number) {
  const tally = new Tally();
  const before = cpuMs(pid);
  await load(pool, token, seconds * 1000, tally, 20, reqs);
  const result = tally.result();
  if (result.errors) throw new Error(`bench: ${result.errors} errors, first: ${result.firstError}`);
  return (cpuMs(pid) - before) / result.requests;
}

export async function mockRows(repo: string, copies: number, rounds: number, seconds = 4): Promise<Row[]> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-scale-mock-'));
  const pki = path.join(work, 'pki');
  try {
    const { withoutMutualTls, readSpec, signToken } = await import(
      path.join(repo, 'packages/mock/dist/index.js')
    );
    const model = JSON.parse(
      await readFile(path.join(repo, 'generated/contract-model.json'), 'utf8'),
    ) as ContractModel;
    const specPath = path.join(work, 'openapi.json');
    const bundle = await readSpec(path.join(repo, 'generated/openapi.json'));
    await writeFile(specPath, JSON.stringify(withoutMutualTls(bundle, model)));
    await (await startMock(repo, pki)).stop(); // makes the dev PKI, not timed
    const [mockStart, prismStart] = await alternate(rounds, [
      async () => (await startMock(repo, pki)).stop(),
      async () => (await startPrism({ mode: 'mock', specPath })).stop(),
    ]);
    const mock = await startMock(repo, pki);
    const prism = await startPrism({ mode: 'mock', specPath });
    try {
      const read = (file: string) => readFileSync(path.join(pki, file), 'utf8');
      const token = await signToken(read('jwt-signing-key.pem'), {
        env: 'sandbox',
        scopes: ['webhook.read'],
      });
      const tls = {
        cert: read('client-sandbox.pem'),
        key: read('client-sandbox-key.pem'),
        ca: read('server-ca.pem'),
      };
      const mockPool = new Pool(mock.url, { connections: 20, connect: tls });
      const prismPool = new Pool(prism.url, { connections: 20 });
      const reqs = requests(copies);
      await cpuPerRequest(mockPool, mock.child.pid as number, token, reqs, 1); // warm-up
      await cpuPerRequest(prismPool, prism.child.pid as number, token, reqs, 1);
      const mockCpu = await cpuPerRequest(mockPool, mock.child.pid as number, token, reqs, seconds);
      const prismCpu = await cpuPerRequest(prismPool, prism.child.pid as number, token, reqs, seconds);
      await Promise.all([mockPool.close(), prismPool.close()]);
      return [
        {
          what: 'mock start (vs bare Prism start)',
          ours: mockStart as number,
          bare: prismStart as number,
          unit: 'ms',
        },
        { what: 'mock CPU per request (vs bare Prism)', ours: mockCpu, bare: prismCpu, unit: 'ms/req' },
      ];
    } finally {
      await Promise.all([mock.stop(), prism.stop()]);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
