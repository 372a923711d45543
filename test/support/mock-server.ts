// Starts the mock (real Prism, real TLS) once for a test suite, on free ports with a PKI made in a
// temporary folder, and stops it again: `const mock = await startTestMock()` in beforeAll, then
// `await mock.stop()` in afterAll.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Environment, type Mock, type MockOptions, signToken, startMock } from '@banking-api/mock';
import { parse } from 'yaml';

const repo = (rel: string) => fileURLToPath(new URL(`../../${rel}`, import.meta.url));

/**
 * The bundled spec: generated/openapi.json when the bundle step has written it, else openapi.yaml
 * (one file with internal references only, so it is its own bundle) converted to JSON once.
 */
export async function bundledSpecPath(): Promise<string> {
  const bundled = repo('generated/openapi.json');
  if (existsSync(bundled)) return bundled;
  const { readFile } = await import('node:fs/promises');
  const doc = parse(await readFile(repo('openapi.yaml'), 'utf8'));
  const path = join(await mkdtemp(join(tmpdir(), 'banking-spec-')), 'openapi.json');
  await writeFile(path, JSON.stringify(doc));
  return path;
}

export interface TestMock {
  mock: Mock;
  url: string;
  specPath: string;
  /** A dev token; scopes default to both webhook scopes. */
  token(env?: Environment, options?: { scopes?: string[]; ttlSeconds?: number }): Promise<string>;
  stop(): Promise<void>;
}

export async function startTestMock(options: Partial<MockOptions> = {}): Promise<TestMock> {
  const pkiDir = await mkdtemp(join(tmpdir(), 'banking-pki-'));
  const specPath = options.specPath ?? (await bundledSpecPath());
  const mock = await startMock({ port: 0, ...options, specPath, pkiDir });
  return {
    mock,
    url: mock.url,
    specPath,
    token: (env = 'sandbox', opts = {}) =>
      signToken(mock.pki.jwt.privateKey, {
        env,
        scopes: opts.scopes ?? ['webhook.read', 'webhook.write'],
        ttlSeconds: opts.ttlSeconds,
      }),
    async stop() {
      await mock.close();
      await rm(pkiDir, { recursive: true, force: true });
    },
  };
}
