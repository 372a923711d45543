// What a new user's walk-through hit, over real mutual TLS against the mock and broken servers in front
// of it: one endpoint without an answer is a deviation of that operation (the run goes on, exit 1), a
// server not reached is exit 2 with no stale report left; a run that checks nothing never says
// "conforms"; the report counts the contract's operations and groups repeated deviations; the TLS
// files are checked before any request; --include calls only what the included operation needs.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearerScopes, contractModel, type Operation } from '@banking-api/contract';
import { makeCa, makeClientCert } from '@banking-api/mock';
import { junitReport, labelsOf, type Report, verifyCommand } from '@banking-api/verify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { linearGrowth } from '../support/growth.ts';
import { startTestMock, type TestMock } from '../support/mock-server.ts';
import { type Deviation, editJson, startBrokenServer } from './broken-server.ts';

const model = contractModel();
const byId = (id: string) => model.operations.find((op) => op.operationId === id) as Operation;
let mock: TestMock;
let dir: string;
let token: string;
let unscoped: string;

beforeAll(async () => {
  mock = await startTestMock();
  dir = await mkdtemp(join(tmpdir(), 'verify-walk-'));
  const { pki } = mock.mock;
  const stranger = makeClientCert(makeCa('Some other CA'), 'stranger');
  await writeFile(join(dir, 'ca.pem'), pki.serverCa);
  await writeFile(join(dir, 'client.pem'), pki.clients.sandbox.cert);
  await writeFile(join(dir, 'client-key.pem'), pki.clients.sandbox.key);
  await writeFile(join(dir, 'other-ca.pem'), makeCa('Not the server CA').cert);
  await writeFile(join(dir, 'other-key.pem'), stranger.key);
  const scopes = [...new Set(model.operations.flatMap((op) => bearerScopes(op).flat()))];
  token = await mock.token('sandbox', { scopes });
  unscoped = await mock.token('sandbox', { scopes: [] });
});

afterAll(async () => {
  await mock?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const file = (name: string) => join(dir, name);

/** The command's arguments: the test PKI (files overridable), the token, few generated examples. */
function args(target: string, extra: string[] = [], files: Record<string, string> = {}): string[] {
  const { ca = 'ca.pem', cert = 'client.pem', key = 'client-key.pem' } = files;
  return [
    ...['--target', target, '--ca', file(ca), '--cert', file(cert), '--key', file(key)],
    ...['--token', token, '--max-examples', '2', '--seed', '7', ...extra],
  ];
}

interface Run {
  code: number;
  report: Report | undefined;
  printed: string;
  errors: string;
}

async function verify(argv: string[]): Promise<Run> {
  const printed: string[] = [];
  const errors: string[] = [];
  const out = { log: (t: string) => void printed.push(t), error: (t: string) => void errors.push(t) };
  const { code, report } = await verifyCommand(argv, out);
  return { code, report, printed: printed.join('\n'), errors: errors.join('\n') };
}

async function withServer<T>(deviation: Deviation, use: (url: string) => Promise<T>): Promise<T> {
  const server = await startBrokenServer(mock.mock, model, deviation);
  try {
    return await use(server.url);
  } finally {
    await server.close();
  }
}

describe('an endpoint without an answer', () => {
  test('is a deviation of that operation: the run goes on, exit 1, the report written over a stale one', async () => {
    const [hanging, dropping, healthy] = ['getWebhookUrl', 'requestCardSecondCopy', 'createCard'].map(byId);
    const deviation: Deviation = {
      noAnswer: (op) => (op === hanging ? 'hang' : op === dropping ? 'drop' : undefined),
    };
    await writeFile(file('stale.json'), '{"stale":true}');
    const include = ['--include', [hanging, dropping, healthy].map((op) => op?.operationId).join(',')];
    const run = await withServer(deviation, (url) =>
      verify(args(url, [...include, '--timeout', '1', '--report', file('stale.json')])),
    );
    expect(run.errors).toBe('');
    expect(run.code).toBe(1);
    const noAnswer = run.report?.failures.filter((f) => f.check === 'answers-within-limits') ?? [];
    expect(new Set(noAnswer.map((f) => f.operation))).toEqual(new Set([hanging?.key, dropping?.key]));
    for (const f of noAnswer) {
      expect(f.got).toMatch(/^no answer: /);
      expect(f.curl).toContain('curl');
      expect(f.curl).not.toContain(token);
    }
    const ran = run.report?.checks.filter((c) => c.operation === healthy?.key) ?? [];
    expect(ran.map((c) => c.check)).toContain('example-accepted');
    expect(ran.filter((c) => c.failed)).toEqual([]);
    const written = JSON.parse(await readFile(file('stale.json'), 'utf8')) as Report;
    expect(written.failures.map((f) => f.check)).toContain('answers-within-limits');
  });

  test('a server not reached at all is exit 2 in verify words, and leaves no stale report', async () => {
    await writeFile(file('old.json'), '{"old":true}');
    await writeFile(file('old.xml'), '<old/>');
    const reports = ['--report', file('old.json'), '--junit', file('old.xml')];
    const run = await verify(args('https://127.0.0.1:9', reports));
    expect(run.code).toBe(2);
    expect(run.errors).toContain('nothing answers at --target https://127.0.0.1:9');
    await expect(readFile(file('old.json'))).rejects.toThrow(/ENOENT/);
    await expect(readFile(file('old.xml'))).rejects.toThrow(/ENOENT/);
  });
});

describe('a run that checks nothing', () => {
  test('--include no-server-error runs and counts it; a passing no-server-error is in the report', async () => {
    const only = ['--include', 'createCard,no-server-error'];
    const run = await verify(args(mock.url, only));
    expect(run.code).toBe(0);
    expect(run.report?.checks.map((c) => c.check)).toContain('no-server-error');
    expect(run.report?.summary.byCheck.map((t) => t.name)).toEqual(['no-server-error']);
  });

  test('is exit 2 saying why, never "The server conforms."', async () => {
    const run = await verify(args(mock.url, ['--include', 'listWebhookLogs,scope-enforced']));
    expect(run.code).toBe(2);
    expect(run.errors).toContain('no check ran');
    expect(run.printed).not.toContain('conforms');
  });

  /** A server that takes any token as if it had every scope. */
  const ignoresScope: Deviation = {
    request(headers) {
      if (headers.authorization) headers.authorization = `Bearer ${token}`;
    },
  };

  test('a rerun without the credential a failed check needs is refused (exit 2), not a pass', async () => {
    const include = ['--include', 'listWebhookLogs', '--report', file('scope.json')];
    const first = await withServer(ignoresScope, (url) =>
      verify(args(url, [...include, '--unscoped-token', unscoped])),
    );
    expect(first.code).toBe(1);
    expect(first.report?.failures.map((f) => f.check)).toContain('scope-enforced');
    const again = await withServer(ignoresScope, (url) => verify(args(url, ['--rerun', file('scope.json')])));
    expect(again.code).toBe(2);
    expect(again.errors).toContain('scope-enforced needs --unscoped-token');
    expect(again.printed).not.toContain('conforms');
  });
  test('a rerun of a report without failures sends nothing and says so', async () => {
    await writeFile(file('clean.json'), JSON.stringify({ failures: [], checks: [] }));
    const seen: string[] = [];
    const run = await withServer({ seen: (method, url) => void seen.push(`${method} ${url}`) }, (url) =>
      verify(args(url, ['--rerun', file('clean.json')])),
    );
    expect(run.code).toBe(0);
    expect(run.printed).toContain('Nothing to rerun');
    expect(seen).toEqual([]);
  });

  test('a rerun may write its report over the report it reruns', async () => {
    const report = [
      '--include',
      'listWebhookLogs',
      '--report',
      file('same.json'),
      '--unscoped-token',
      unscoped,
    ];
    expect((await withServer(ignoresScope, (url) => verify(args(url, report)))).code).toBe(1);
    const again = await withServer(ignoresScope, (url) =>
      verify(args(url, [...report.slice(2), '--rerun', file('same.json')])),
    );
    expect(again.errors).toBe('');
    expect(again.code).toBe(1);
    const written = JSON.parse(await readFile(file('same.json'), 'utf8')) as Report;
    expect(written.failures.map((f) => f.check)).toContain('scope-enforced');
  });
});

describe('the report', () => {
  test("counts the contract's operations (a method probe is its path's operation's) and groups repeats", async () => {
    const refund = byId('refundPix');
    const deviation: Deviation = {
      request(headers, op) {
        if (op === refund) headers.authorization = `Bearer ${token}`; // more refunds answered, each its own id
      },
      response(answer, op) {
        if (!op) Object.assign(answer, { status: 200 }); // a method the path does not have: let in
        if (op === refund && answer.status < 300)
          editJson(answer, (body) => Object.assign(body.refund as object, { id: 'not-the-path-id' }));
      },
    };
    const run = await withServer(deviation, (url) => verify(args(url, ['--max-examples', '0'])));
    expect(run.code).toBe(1);
    const report = run.report as Report;
    const keys = new Set(model.operations.map((op) => op.key));
    const counted = report.summary.byOperation.map((t) => t.name);
    expect(counted.filter((name) => !keys.has(name) && name !== 'contract')).toEqual([]);
    const notAllowed = report.failures.filter((f) => f.check === 'method-not-allowed');
    expect(notAllowed.length).toBeGreaterThan(0);
    for (const f of notAllowed) expect(keys).toContain(f.operation);
    const classnames = [...junitReport(report).matchAll(/classname="([^"]*)"/g)].map((m) => m[1]);
    for (const name of classnames) expect([...keys, 'contract']).toContain(name);
    const rules = report.failures.filter((f) => f.check === 'field-rules' && f.operation === refund.key);
    expect(rules).toHaveLength(1);
    expect(rules[0]?.occurrences).toBeGreaterThan(1);
    expect(run.printed).toMatch(/field-rules \(\d+ requests\)/);
  });
});

describe('the TLS files', () => {
  const expectRefused = async (files: Record<string, string>, message: string | RegExp) => {
    const seen: string[] = [];
    const run = await withServer({ seen: (method, url) => void seen.push(`${method} ${url}`) }, (url) =>
      verify(args(url, [], files)),
    );
    expect(run.code).toBe(2);
    expect(run.errors).toMatch(message);
    return { run, requests: seen.length };
  };

  test('a swapped --cert and --key, or a key of another certificate, is named before any request', async () => {
    const swapped = await expectRefused(
      { cert: 'client-key.pem', key: 'client.pem' },
      /are --cert and --key swapped\?/,
    );
    expect(swapped.requests).toBe(0);
    expect(swapped.run.errors).not.toContain('no answer from the server');
    const other = await expectRefused(
      { key: 'other-key.pem' },
      /--key .*other-key\.pem is not the key of --cert/,
    );
    expect(other.requests).toBe(0);
  });

  test("a --ca that did not issue the server's certificate is explained as such, without Node's hints", async () => {
    const { run } = await expectRefused(
      { ca: 'other-ca.pem' },
      /not issued by the CA in --ca .*other-ca\.pem/,
    );
    expect(run.errors).not.toContain('use-system-ca');
  });
});

describe('the PEM label scan', () => {
  const hostile: Record<string, (n: number) => string> = {
    'BEGIN markers without an end': (n) => '-----BEGIN '.repeat(n),
    'one BEGIN and no dashes after it': (n) => `-----BEGIN ${'A'.repeat(n * 11)}`,
    'labels that are almost a key': (n) => '-----BEGIN PRIVATE KE-----'.repeat(n),
  };
  test.each(Object.keys(hostile))('%s: CPU time grows linearly with the input', (name) => {
    const growth = linearGrowth(hostile[name] as (n: number) => string, labelsOf, 2_000);
    expect(growth.ratio, growth.summary).toBeLessThan(growth.limit);
  });
});

describe('--include', () => {
  test('calls only the included operation, and sends the fixture value in every request of it', async () => {
    const refund = byId('refundPix');
    const e2e = 'E00000000202601011200fixture0001';
    await writeFile(file('fx.json'), JSON.stringify({ operations: { refundPix: { endToEndId: e2e } } }));
    const seen: string[] = [];
    const deviation: Deviation = { seen: (method, url) => void seen.push(`${method} ${url}`) };
    const extra = ['--include', 'refundPix', '--fixtures', file('fx.json'), '--unscoped-token', unscoped];
    const run = await withServer(deviation, (url) => verify(args(url, extra)));
    expect(run.report?.checks.length).toBeGreaterThan(0);
    const prefix = refund.path.split('{')[0] as string;
    expect(seen.length).toBeGreaterThan(5);
    const elsewhere = seen.filter((request) => !request.split(' ')[1]?.startsWith(prefix));
    expect(elsewhere, seen.join('\n')).toEqual([]);
    const withoutFixture = seen.filter((request) => !request.includes(e2e));
    expect(withoutFixture).toEqual([]);
  });
});
