// Adding an operation is an edit to openapi.yaml and nothing else. On a copy of the repo, one new operation
// (idempotent by URL, a new schema, a request body with a named example, a scope, the account header) goes
// into openapi.yaml; then, with no other file edited, the build makes its type and typed client call, the
// docs list it with its notes and in every guide list it belongs to, the mock serves it and enforces its
// scope and header, the spec's own tests pass, and the review calls it a non-breaking addition.
import { execFile } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../scripts/paths.ts';
import { repoCopy } from '../../scripts/repo-copy.ts';
import { insertOperation, NEW_OPERATION } from './new-operation.ts';

const run = promisify(execFile);
const telemetryOff = {
  ...process.env,
  NODE_ENV: 'production',
  SCARF_ANALYTICS: 'false',
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
};

let repo: string;
const at = (rel: string) => path.join(repo, rel);
const git = (...args: string[]) =>
  run('git', ['-c', 'user.name=test', '-c', 'user.email=test@test.invalid', ...args], { cwd: repo });

beforeAll(async () => {
  repo = await repoCopy('add-operation-');
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-q', '-m', 'base');
  const spec = await readFile(at('openapi.yaml'), 'utf8');
  await writeFile(at('openapi.yaml'), insertOperation(spec));
  await run('npm', ['run', '--silent', 'build'], { cwd: repo, env: telemetryOff });
}, 180_000);

afterAll(() => rm(repo, { recursive: true, force: true }));

describe('an operation added to openapi.yaml alone', () => {
  it('changes no file but openapi.yaml and the generated outputs', async () => {
    const { stdout } = await git('status', '--porcelain', '--untracked-files=all');
    const changed = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(3));
    expect(changed).toContain('openapi.yaml');
    expect(changed.filter((file) => file !== 'openapi.yaml' && !file.startsWith('generated/'))).toEqual([]);
  });

  it('is in the model and the generated types', async () => {
    const model = JSON.parse(await readFile(at('generated/contract-model.json'), 'utf8'));
    const op = model.operations.find((o: { key: string }) => o.key === NEW_OPERATION.key);
    expect(op).toMatchObject({ operationId: NEW_OPERATION.operationId, accountHeader: true });
    expect(op.security[0][0].scopes).toEqual([NEW_OPERATION.scope]);
    const types = await readFile(at('generated/api.d.ts'), 'utf8');
    expect(types).toContain(`"${NEW_OPERATION.path}": {`);
    expect(types).toContain(`${NEW_OPERATION.operationId}: {`);
  });

  it('is a typed call of the client built from the copy (and a wrong body does not compile)', async () => {
    const consumer = at('consumer.ts');
    await writeFile(
      consumer,
      [
        "import { createBankingClient } from '@banking-api/client';",
        'export async function call(client: ReturnType<typeof createBankingClient>) {',
        `  const params = { path: { id: client.newIdempotencyId() }, header: { 'x-account-id': 'acc-1' } };`,
        `  const { data } = await client.PUT('${NEW_OPERATION.path}', { params, body: ${JSON.stringify(NEW_OPERATION.example)} });`,
        '  const id: string | undefined = data?.pixKey.id;',
        `  // @ts-expect-error keyType is an enum of the new schema`,
        `  await client.PUT('${NEW_OPERATION.path}', { params, body: { keyType: 'NOPE', key: 'x' } });`,
        '  return id;',
        '}',
      ].join('\n'),
    );
    const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
    const flags = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext'];
    const result = await run(tsc, [...flags, '--target', 'es2022', '--skipLibCheck', consumer], {
      cwd: repo,
    }).then(
      () => 'ok',
      (error: { stdout: string }) => error.stdout,
    );
    expect(result).toBe('ok');
  });

  it('is in the reference site with its notes', async () => {
    // Its page: `<tag>.<operationid>.html` (pipeline/docs/site/pages.ts).
    const files = await readdir(at('generated/site'));
    const file = files.find((f) => f.endsWith(`.${NEW_OPERATION.operationId.toLowerCase()}.html`));
    expect(file, files.join(' ')).toBeDefined();
    const html = await readFile(at(`generated/site/${file}`), 'utf8');
    expect(await readFile(at('generated/site/index.html'), 'utf8')).toContain(`href="${file}"`);
    expect(html).toContain(NEW_OPERATION.summary);
    expect(html).toContain(NEW_OPERATION.scope);
    expect(html).toContain(NEW_OPERATION.exampleName);
    // Its own notes follow its description: the scope it needs and the account header (pipeline/docs/notes.ts).
    const start = html.indexOf(NEW_OPERATION.description);
    expect(start).toBeGreaterThan(0);
    const notes = html.slice(start, start + 2000);
    expect(notes).toContain(`with scope <code>${NEW_OPERATION.scope}</code>`);
    expect(notes).toContain('<strong>Account header:</strong> required.');
  });

  it('is in every guide list it belongs to: account header, idempotency, scopes', async () => {
    const route = `${NEW_OPERATION.method} ${NEW_OPERATION.path}`;
    for (const page of ['the-account-header.html', 'idempotency-by-url.html', 'authentication.html'])
      expect(await readFile(at(`generated/site/${page}`), 'utf8'), page).toContain(`<code>${route}</code>`);
  });

  it('passes the spec tests: examples valid, lint rules quiet', async () => {
    const vitest = path.join(root, 'node_modules/.bin/vitest');
    const tests = ['test/spec-examples.test.ts', 'test/lint-rules.test.ts'];
    const result = await run(vitest, ['run', ...tests], { cwd: repo, env: telemetryOff }).then(
      () => 'passed',
      (error: { stdout: string }) => error.stdout,
    );
    expect(result).toBe('passed');
  });

  it('is served by the mock, which enforces its scope and account header', async () => {
    const { startMock, signToken } = await import(at('packages/mock/src/index.ts'));
    const mock = await startMock({ pkiDir: at('.dev-pki'), port: 0 });
    const dispatcher = new Agent({ connect: { ca: mock.pki.serverCa, ...mock.pki.clients.sandbox } });
    try {
      const send = async (scopes: string[], accountId?: string) => {
        const token = await signToken(mock.pki.jwt.privateKey, { env: 'sandbox', scopes });
        const headers: Record<string, string> = {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        };
        if (accountId) headers['x-account-id'] = accountId;
        const url = `${mock.url}${NEW_OPERATION.path.replace('{id}', NEW_OPERATION.idempotencyId)}`;
        const response = await request(url, {
          method: 'PUT',
          headers,
          body: JSON.stringify(NEW_OPERATION.example),
          dispatcher,
        });
        return { status: response.statusCode, body: (await response.body.json()) as Record<string, unknown> };
      };
      expect((await send([], 'acc-1')).status).toBe(403);
      const missingHeader = await send([NEW_OPERATION.scope]);
      expect(missingHeader.status).toBe(400);
      expect(missingHeader.body.code).toBe('VALIDATION_ERROR');
      const ok = await send([NEW_OPERATION.scope], 'acc-1');
      expect(ok).toEqual({ status: 200, body: NEW_OPERATION.response });
    } finally {
      await dispatcher.close();
      await mock.close();
    }
  });

  it('passes verify against the mock built from the copy, its new operation among those verified', async () => {
    const { startMock, signToken, pkiFiles } = await import(at('packages/mock/src/index.ts'));
    const mock = await startMock({ pkiDir: at('.dev-pki'), port: 0 });
    try {
      const key = mock.pki.jwt.privateKey;
      const scopes = [NEW_OPERATION.scope, 'webhook.read', 'webhook.write'];
      const pki = (file: string) => path.join(mock.pki.dir, file);
      const args = ['--target', mock.url, '--ca', pki(pkiFiles.serverCa)];
      args.push('--cert', pki(pkiFiles.clientCert('sandbox')), '--key', pki(pkiFiles.clientKey('sandbox')));
      args.push('--token', await signToken(key, { env: 'sandbox', scopes }));
      args.push('--unscoped-token', await signToken(key, { env: 'sandbox', scopes: [] }));
      const report = at('verify-report.json');
      args.push('--max-examples', '2', '--report', report);
      const verify = run('npm', ['run', '--silent', 'verify', '--', ...args], {
        cwd: repo,
        env: telemetryOff,
      });
      await verify; // exit 0: the server conforms
      const { checks } = JSON.parse(await readFile(report, 'utf8')) as {
        checks: { operation: string; check: string; failed: boolean }[];
      };
      const mine = checks.filter((c) => c.operation === NEW_OPERATION.key);
      expect(mine.map((c) => c.check)).toEqual(
        expect.arrayContaining(['example-accepted', 'scope-enforced']),
      );
      expect(mine.filter((c) => c.failed)).toEqual([]);
    } finally {
      await mock.close();
    }
  });

  it('is a non-breaking addition for the review', async () => {
    const { stdout } = await run(
      'npm',
      ['run', '--silent', 'review', '--', '--base', 'HEAD', '--format', 'json'],
      {
        cwd: repo,
        env: telemetryOff,
      },
    );
    const review = JSON.parse(stdout) as {
      passed: boolean;
      findings: { operation: string; level: string }[];
    };
    expect(review.passed).toBe(true);
    const mine = review.findings.filter((f) => f.operation === NEW_OPERATION.key);
    expect(mine.map((f) => f.level)).toContain('non-breaking');
    expect(mine.map((f) => f.level)).not.toContain('breaking');
    expect(review.findings.filter((f) => f.level === 'breaking')).toEqual([]);
  });
});
