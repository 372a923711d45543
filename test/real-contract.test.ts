// A real contract nobody here wrote, through every piece, as a new user points the toolkit at theirs: a copy
// of this repository whose package.json names the Central Bank's Pix API (`config.contract`, no flag given).
// The build lints it with the standard rules (it has problems of its own: reported with their rule ids, none
// of our house rules), and bundles it, types it (each operation by its derived id), packs the contract
// package from it and renders its site, which carries none of our guides; the review rates a one-line edit,
// a narrowed field and a removed operation with rule ids and directions, as on our contract.
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realContract, realContractRepo } from '../scripts/real-contracts.ts';

const run = promisify(execFile);
const env = {
  ...process.env,
  SCARF_ANALYTICS: 'false',
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
};

let repo: string;
let spec: string;
let build: { code: number; stdout: string; stderr: string };
const at = (rel: string) => path.join(repo, rel);
const launch = (...args: string[]) =>
  run(process.execPath, ['scripts/launch.mjs', ...args], { cwd: repo, env, maxBuffer: 64 << 20 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      stdout: e.stdout,
      stderr: e.stderr,
    }),
  );

beforeAll(async () => {
  ({ repo, spec } = await realContractRepo(realContract('pix')));
  build = await launch('pipeline/build.ts');
}, 300_000);
afterAll(() => rm(repo, { recursive: true, force: true }));

describe("the toolkit pointed at the Pix API by package.json's config.contract", () => {
  it('lints it with the standard rules: its own problems, with rule ids, none of our house rules; the build says so', () => {
    expect(build.code).toBe(1);
    expect(build.stderr).toMatch(
      /✖ lint: \d+ lint problem\(s\) in .*real\/openapi\.yaml \(standard rules: errors fail\)/,
    );
    const problems = build.stdout.split('\n').filter((line) => line.startsWith('real/openapi.yaml:'));
    expect(problems.some((p) => / (error|warning) spectral\/oas3-/.test(p))).toBe(true);
    expect(problems.some((p) => / (error|warning) redocly\/operation-operationId /.test(p))).toBe(true);
    expect(problems.filter((p) => / spectral\/(house-|owasp:)/.test(p))).toEqual([]);
  });

  it('bundles it and writes its model, every operation by a derived id', async () => {
    for (const step of ['bundle', 'types', 'packages', 'docs'])
      expect(build.stdout).toMatch(new RegExp(`✔ ${step} \\(`));
    const bundle = JSON.parse(await readFile(at('generated/openapi.json'), 'utf8'));
    expect(bundle.info).toMatchObject({ title: 'API Pix', version: '2.9.0' });
    expect(await readFile(at('generated/openapi.yaml'), 'utf8')).toMatch(
      /^# generated — do not edit; source: real\/openapi\.yaml\n/,
    );
    const model = JSON.parse(await readFile(at('generated/contract-model.json'), 'utf8'));
    expect(model.operations).toHaveLength(51);
    expect(model.operations.find((o: { key: string }) => o.key === 'PUT /cob/{txid}')).toMatchObject({
      operationId: 'putCobByTxid',
      operationIdDerived: true,
    });
  });

  it('types its paths, and packs them into the contract package with its model', async () => {
    const types = await readFile(at('generated/api.d.ts'), 'utf8');
    expect(types).toContain('"/cob/{txid}": {');
    expect(types).toContain('"/webhookrec": {');
    expect(await readFile(at('packages/contract/dist/api.d.ts'), 'utf8')).toBe(types);
    const packed = JSON.parse(await readFile(at('packages/contract/dist/model.json'), 'utf8'));
    expect(packed.model.title).toBe('API Pix');
  });

  it('renders its site without our guides, open questions or changelog', async () => {
    const site = await readFile(at('generated/site/index.html'), 'utf8');
    expect(site).toContain('API Pix');
    for (const ours of ['Getting started', 'Open questions', 'Changelog', 'x-account-id'])
      expect(site).not.toContain(ours);
  });

  it('reviews a one-line edit: one info finding on that operation, no breaking change', async () => {
    const text = await readFile(spec, 'utf8');
    await writeFile(
      spec,
      text.replace('summary: "Criar cobrança imediata."', 'summary: "Criar cobrança imediata (editado)."'),
    );
    try {
      const review = await launch('tools/review/cli.ts', '--base', 'HEAD', '--format', 'json');
      expect(review.code).toBe(0);
      const report = JSON.parse(review.stdout);
      expect(report.findings).toEqual([
        expect.objectContaining({ operation: 'PUT /cob/{txid}', level: 'info', rule: expect.any(String) }),
      ]);
    } finally {
      await writeFile(spec, text);
    }
  }, 120_000);

  it('rates a narrowed field by direction: breaking where clients send it, info where they read it', async () => {
    const text = await readFile(spec, 'utf8');
    const narrowed = '          maxLength: 100\n    PessoaFisicaRecorrencia:'; // PessoaJuridica.nome, 200 before
    await writeFile(spec, text.replace('          maxLength: 200\n    PessoaFisicaRecorrencia:', narrowed));
    try {
      const review = await launch('tools/review/cli.ts', '--base', 'HEAD', '--format', 'json');
      expect(review.code).toBe(1);
      const findings = JSON.parse(review.stdout).findings as {
        operation: string;
        level: string;
        rule: string;
        directions: string[];
      }[];
      const of = (operation: string) => findings.find((f) => f.operation === operation);
      expect(of('PUT /cob/{txid}')).toMatchObject({
        rule: 'max-length-changed',
        level: 'breaking',
        directions: expect.arrayContaining(['request']),
      });
      expect(of('GET /cob/{txid}')).toMatchObject({
        rule: 'max-length-changed',
        level: 'info',
        directions: ['response'],
      });
    } finally {
      await writeFile(spec, text);
    }
  }, 120_000);

  it('reviews a removed operation as breaking, and the gate fails', async () => {
    const text = await readFile(spec, 'utf8');
    const start = text.indexOf('  "/lotecobv":\n');
    const end = text.indexOf('\n  "/locrec":\n');
    expect(start).toBeGreaterThan(0);
    await writeFile(spec, text.slice(0, start) + text.slice(end + 1));
    try {
      const review = await launch('tools/review/cli.ts', '--base', 'HEAD', '--format', 'json');
      expect(review.code).toBe(1);
      const breaking = JSON.parse(review.stdout).findings.filter(
        (f: { level: string }) => f.level === 'breaking',
      );
      expect(breaking).toContainEqual(
        expect.objectContaining({
          operation: 'GET /lotecobv',
          rule: expect.stringMatching(/removed/),
          directions: expect.any(Array),
        }),
      );
    } finally {
      await writeFile(spec, text);
    }
  }, 120_000);
});
