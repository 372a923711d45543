// The toolkit at scale, small enough for every CI run: a contract with every path copied (scripts/scale-contract.ts)
// builds, lints clean and reads into a model with that many times the operations, its types and site hold
// the copies, its mock serves them and its review attributes an edit to one; and the pipeline's own work
// (read, bundle, types, lint, the site's pages) grows no faster than the operations: the same steps on 2 and 8 copies,
// alternately in this run, cost at most 1.5 x 4 times the CPU time (a walk per operation over the whole
// document would cost up to 16 x). bench/scale.ts measures the same at 22, 462 and 2,002 operations against the
// bare tools.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Agent, request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContract } from '../model/load.ts';
import { renderTypes } from '../pipeline/api-types.ts';
import { renderBundle } from '../pipeline/bundle.ts';
import { siteFiles } from '../pipeline/docs/index.ts';
import { lintSpec } from '../pipeline/lint/index.ts';
import { specPath } from '../scripts/paths.ts';
import { scaleContract, scaledRepo } from '../scripts/scale-contract.ts';
import { cpuCostRatio } from './support/growth.ts';

const run = promisify(execFile);
const env = {
  ...process.env,
  SCARF_ANALYTICS: 'false',
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
};
const cleanup: string[] = [];
afterAll(() => Promise.all(cleanup.map((dir) => rm(dir, { recursive: true, force: true }))));

/** The pipeline's in-process work on one contract file, as the build does it. */
async function pipelineWork(file: string): Promise<void> {
  const contract = await loadContract(file);
  renderBundle(contract.bundle);
  await renderTypes(contract.bundle);
  await siteFiles(contract);
  const problems = await lintSpec(file);
  expect(problems.filter((p) => p.severity === 'error' || p.severity === 'warning')).toEqual([]);
}

/** The copy's mock serves an operation of the last copy, with its checks (a body it forbids is a 400). */
async function servesTheLastCopy(repo: string): Promise<void> {
  const { startMock, signToken } = await import(path.join(repo, 'packages/mock/src/index.ts'));
  const mock = await startMock({ pkiDir: path.join(repo, '.dev-pki'), port: 0 });
  const dispatcher = new Agent({ connect: { ca: mock.pki.serverCa, ...mock.pki.clients.sandbox } });
  try {
    const token = await signToken(mock.pki.jwt.privateKey, { env: 'sandbox', scopes: [] });
    const send = (body: unknown) =>
      request(`${mock.url}/c3/hb/cards/create`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-account-id': 'acc-1',
        },
        body: JSON.stringify(body),
        dispatcher,
      }).then(async (response) => ({ status: response.statusCode, body: await response.body.json() }));
    const card = { alias: 'Compras', password: '123456', typeCard: 'Virtual', programId: 1 };
    expect((await send(card)).status).toBe(200);
    expect(await send({ alias: 1 })).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
  } finally {
    await dispatcher.close();
    await mock.close();
  }
}

/** The copy's review of a one-line edit to an operation of the last copy: it passes and names that operation. */
async function reviewsAnEditOfTheLastCopy(repo: string): Promise<void> {
  const spec = path.join(repo, 'openapi.yaml');
  const text = await readFile(spec, 'utf8');
  const at = text.indexOf('operationId: createCardC3');
  const summary = text.indexOf('summary: ', at); // the line after the operationId
  await writeFile(
    spec,
    `${text.slice(0, summary)}summary: Create card (edited)${text.slice(text.indexOf('\n', summary))}`,
  );
  const args = ['scripts/launch.mjs', 'tools/review/cli.ts', '--base', 'HEAD', '--format', 'json'];
  const { stdout } = await run(process.execPath, args, { cwd: repo, env, maxBuffer: 64 << 20 });
  const review = JSON.parse(stdout) as { passed: boolean; findings: { operation?: string; level: string }[] };
  expect(review.passed).toBe(true);
  expect(review.findings.map((f) => f.operation)).toContain('POST /c3/hb/cards/create');
  expect(review.findings.filter((f) => f.level === 'breaking')).toEqual([]);
}

describe('the toolkit on a scaled contract', () => {
  it('builds 3 copies of every path: lint clean, 3 x the operations in the model, types and site', async () => {
    const original = (await loadContract(specPath)).model.operations;
    const repo = await scaledRepo(3);
    cleanup.push(repo);
    await run(process.execPath, ['scripts/launch.mjs', 'pipeline/build.ts'], { cwd: repo, env });
    const model = JSON.parse(await readFile(path.join(repo, 'generated/contract-model.json'), 'utf8'));
    expect(model.operations).toHaveLength(3 * original.length);
    const keys = new Set(model.operations.map((op: { key: string }) => op.key));
    for (const op of original) expect(keys.has(`${op.method} /c3${op.path}`), op.key).toBe(true);
    const types = await readFile(path.join(repo, 'generated/api.d.ts'), 'utf8');
    const site = await readFile(path.join(repo, 'generated/site/index.html'), 'utf8');
    for (const op of original) {
      expect(types).toContain(`"/c3${op.path}": {`);
      expect(site).toContain(`.${op.operationId.toLowerCase()}c3.html"`); // its page, linked from the overview
    }
    await servesTheLastCopy(repo);
    await reviewsAnEditOfTheLastCopy(repo);
  }, 180_000);

  it('costs grow no faster than the operations (2 vs 8 copies, CPU time, alternately)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'scale-growth-'));
    cleanup.push(dir);
    const spec = await readFile(specPath, 'utf8');
    const files = await Promise.all(
      [2, 8].map(async (copies) => {
        const file = path.join(dir, `openapi-${copies}.yaml`);
        await writeFile(file, scaleContract(spec, copies));
        return file;
      }),
    );
    // CPU time of the process (Spectral's worker thread included), the cheapest of three interleaved rounds.
    const { ratio, summary } = await cpuCostRatio(
      (copies) => pipelineWork(files[copies === 2 ? 0 : 1] as string),
      [2, 8],
    );
    expect(ratio, summary).toBeLessThan(4 * 1.5);
  }, 120_000);
});
