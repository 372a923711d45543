// `npm run verify` against the real mock over real mutual TLS: the mock conforms (no false positives),
// and each deliberately broken server in front of it is caught, named by operation and check.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { encodeBody } from '@banking-api/conformance';
import {
  bearerScopes,
  contractModel,
  type JsonSchema,
  type Operation,
  requestMedia,
  resolveSchema,
  responseFor,
  successResponses,
} from '@banking-api/contract';
import {
  githubAnnotations,
  junitReport,
  type Report,
  terminalReport,
  verifyCommand,
} from '@banking-api/verify';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadContract } from '../../model/load.ts';
import { startTestMock, type TestMock } from '../support/mock-server.ts';
import { type Deviation, type Exchange, editJson, startBrokenServer } from './broken-server.ts';

const model = contractModel();
const quiet = { log: () => {}, error: () => {} };
let mock: TestMock;
let dir: string;
let token: string;
let unscoped: string;
let expired: string;
let production: string;

beforeAll(async () => {
  mock = await startTestMock();
  dir = await mkdtemp(join(tmpdir(), 'verify-test-'));
  const { pki } = mock.mock;
  await writeFile(join(dir, 'ca.pem'), pki.serverCa);
  await writeFile(join(dir, 'client.pem'), pki.clients.sandbox.cert);
  await writeFile(join(dir, 'client-key.pem'), pki.clients.sandbox.key);
  token = await mock.token('sandbox', { scopes: allScopesOf(model.operations) });
  unscoped = await mock.token('sandbox', { scopes: [] });
  expired = await mock.token('sandbox', { scopes: allScopesOf(model.operations), ttlSeconds: -120 });
  production = await mock.token('production', { scopes: allScopesOf(model.operations) });
});

afterAll(async () => {
  await mock?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const allScopesOf = (ops: readonly Operation[]) => [...new Set(ops.flatMap((op) => bearerScopes(op).flat()))];

/** The command's arguments for a target: the test PKI, both tokens, few generated examples. */
function args(target: string, ...extra: string[]): string[] {
  return [
    '--target',
    target,
    ...['--ca', join(dir, 'ca.pem'), '--cert', join(dir, 'client.pem'), '--key', join(dir, 'client-key.pem')],
    ...['--token', token, '--unscoped-token', unscoped, '--max-examples', '3', '--seed', '7'],
    ...['--expired-token', expired, '--other-env-token', production],
    ...extra,
  ];
}

async function verify(target: string, ...extra: string[]): Promise<{ code: number; report: Report }> {
  const outcome = await verifyCommand(args(target, ...extra), quiet);
  if (!outcome.report) throw new Error(`verify ran no checks (exit ${outcome.code})`);
  return { code: outcome.code, report: outcome.report };
}

const failed = (report: Report, check: string) =>
  new Set(report.failures.filter((f) => f.check === check).map((f) => f.operation));

describe('against the mock', () => {
  test('reports no failure, exits 0, within a minute', async () => {
    const started = Date.now();
    const { code, report } = await verify(mock.url);
    expect(report.failures).toEqual([]);
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(60_000);
    const ran = new Set(report.checks.map((c) => `${c.operation} ${c.check}`));
    for (const op of model.operations) {
      expect(ran).toContain(`${op.key} example-accepted`);
      expect(ran).toContain(`${op.key} auth-required`);
    }
    expect(report.checks.some((c) => c.check === 'negative-rejected')).toBe(true);
    expect(report.checks.some((c) => c.check === 'client-certificate-required')).toBe(true);
    for (const check of [
      'forged-token-refused',
      'expired-token-refused',
      'cross-environment-refused',
      'foreign-client-certificate-refused',
    ])
      expect(
        report.checks.some((c) => c.check === check),
        check,
      ).toBe(true);
    expect(report.notes.filter((n) => n.message.startsWith('skipped'))).toEqual([]);
    // The coverage phase: every operation with inputs has each keyword of them tried, both ways where it can.
    const covered = new Map(report.coverage.map((c) => [c.operation, c]));
    for (const op of model.operations.filter((o) => o.requestBody)) {
      const row = covered.get(op.key);
      expect(row?.present, op.key).toBeGreaterThan(0);
      expect(row?.missed, op.key).toEqual([]);
      expect(row?.negative, op.key).toBeGreaterThan(0);
    }
    expect(terminalReport(report)).toMatch(/Coverage phase .*: (\d+) \/ \1\n/);
  });

  test('says which security checks it skipped, and why, when their token is not given', async () => {
    const argv = args(mock.url, '--max-examples', '0', '--include', 'auth-required').filter(
      (a, i, all) => ![a, all[i - 1]].some((x) => x === '--expired-token' || x === '--other-env-token'),
    );
    const outcome = await verifyCommand(argv, quiet);
    const skipped = outcome.report?.notes.filter((n) => n.message.startsWith('skipped')) ?? [];
    expect(skipped).toEqual([]); // only auth-required was selected: no note about the others
    const all = await verifyCommand(
      argv.filter((a) => a !== '--include' && a !== 'auth-required'),
      quiet,
    );
    const notes = all.report?.notes.map((n) => `${n.check}: ${n.message}`) ?? [];
    expect(notes).toContain(
      'expired-token-refused: skipped: give an expired token of the environment (--expired-token)',
    );
    expect(notes).toContain(
      'cross-environment-refused: skipped: give a valid token of another environment (--other-env-token)',
    );
    expect(all.code).toBe(0);
  });

  test('says where the contract leaves a response open instead of failing it', async () => {
    const { report } = await verify(mock.url, '--max-examples', '0');
    const open = model.operations.filter((op) => op.gaps.some((g) => g.topic === 'response'));
    expect(open.length).toBeGreaterThan(0);
    const noted = new Set(report.notes.map((n) => n.operation));
    for (const op of open) expect(noted).toContain(op.key);
  });
});

/** Every object's keys in reverse order, all the way down. */
const reversed = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reversed)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .reverse()
            .map(([k, v]) => [k, reversed(v)]),
        )
      : value;

describe('a faithful server that is not the mock', () => {
  test('passes: reordered and extra fields, another status a 2XX range allows, chunked bodies', async () => {
    let otherStatuses = 0;
    const open = (op: Operation | undefined, status: number) =>
      op && resolveSchema(responseFor(op, status)?.content[0]?.schema)?.additionalProperties !== false;
    const faithful = await startBrokenServer(mock.mock, model, {
      chunked: true,
      response(answer, op) {
        if (op && responseFor(op, answer.status)?.status === '2XX' && answer.status === 200) {
          answer.status = 202;
          otherStatuses += 1;
        }
        const status = answer.status;
        editJson(answer, (body) => {
          if (typeof body.status_code === 'number') body.status_code = status;
          if (open(op, status)) body.served_by = 'faithful-test-server';
          const turned = reversed({ ...body }) as Record<string, unknown>;
          for (const key of Object.keys(body)) delete body[key];
          Object.assign(body, turned);
        });
      },
    });
    try {
      const { code, report } = await verify(faithful.url);
      expect(report.failures).toEqual([]);
      expect(code).toBe(0);
      expect(otherStatuses).toBeGreaterThan(0);
    } finally {
      await faithful.close();
    }
  });
});

describe('a faithful server that answers 204 where the contract shows no response', () => {
  test('passes: no body and no content type is no deviation where the contract is silent', async () => {
    let silent = 0;
    const faithful = await startBrokenServer(mock.mock, model, {
      response(answer, op) {
        const response = op && responseFor(op, answer.status);
        if (answer.status >= 300 || response?.status !== '2XX') return;
        Object.assign(answer, { status: 204, body: Buffer.alloc(0) });
        delete answer.headers['content-type'];
        silent += 1;
      },
    });
    try {
      const { code, report } = await verify(faithful.url);
      expect(report.failures).toEqual([]);
      expect(code).toBe(0);
      expect(silent).toBeGreaterThan(0);
    } finally {
      await faithful.close();
    }
  });
});

describe('parity with the mock', () => {
  const parityArgs = (target: string) => [
    ...['--parity-target', target, '--parity-cert', join(dir, 'client.pem')],
    ...[
      '--parity-key',
      join(dir, 'client-key.pem'),
      '--parity-token',
      token,
      '--include',
      'example-accepted',
    ],
  ];

  test('the same requests to a server and the mock: where status class, error code and fields differ', async () => {
    const [first, second] = ops.filter((op) => responseFor(op, 200)?.status === '200') as [
      Operation,
      Operation,
    ];
    const server = await startBrokenServer(mock.mock, model, {
      response(answer, op) {
        if (op === first && answer.status === 200)
          editJson(answer, (body) => Object.assign(body, { trace: 'x' }));
        if (op === second && answer.status === 200) {
          answer.status = 409;
          answer.body = Buffer.from(JSON.stringify({ status_code: 409, code: 'CONFLICT', message: 'no' }));
        }
      },
    });
    try {
      const { report } = await verify(server.url, ...parityArgs(mock.url));
      const differences = report.parity?.differences ?? [];
      expect(differences).toContainEqual(
        expect.objectContaining({ operationId: first.operationId, aspect: 'fields', server: 'trace' }),
      );
      expect(differences).toContainEqual(
        expect.objectContaining({
          operationId: second.operationId,
          aspect: 'status-class',
          server: '409',
          mock: '200',
        }),
      );
      const named = new Set(differences.map((d) => d.operationId));
      expect([...named].sort()).toEqual([first.operationId, second.operationId].sort());
      const same = await verify(mock.url, ...parityArgs(mock.url));
      expect(same.report.parity?.differences).toEqual([]);
      expect(same.report.parity?.requests).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});

describe('against the stateful mock', () => {
  let stateful: TestMock;
  beforeAll(async () => {
    stateful = await startTestMock({ stateful: true });
  });
  afterAll(async () => stateful?.stop());

  test('takes identifiers from its answers (a logged delivery before its retry): no failure, exit 0', async () => {
    const { code, report } = await verify(stateful.url);
    expect(report.failures).toEqual([]);
    expect(code).toBe(0);
    expect(report.identifiers).toContain('webhookLogId');
    const retry = model.operations.find((op) => op.operationId === 'retryWebhook');
    expect(report.checks).toContainEqual({ operation: retry?.key, check: 'example-accepted', failed: false });
    // The retry was served, not excused: no note asks for a fixture.
    expect(report.notes.filter((n) => n.message.includes('--fixtures'))).toEqual([]);
  });
});

describe('identifiers a server never issued', () => {
  const op = ops.find((o) => o.operationId === 'cancelAutomaticPixAuthorization') as Operation;
  const issued = 'fixture-authorization-1';
  /** A server that knows only the authorization `issued`: 404 for any other. */
  const knowsOne = {
    response(answer: Exchange, o: Operation | undefined, path?: string) {
      if (o === op && answer.status < 300 && !path?.includes(issued)) {
        const path404 = path ?? '';
        answer.status = 404;
        answer.headers['content-type'] = 'application/json';
        answer.body = Buffer.from(
          JSON.stringify({
            status_code: 404,
            code: 'NOT_FOUND',
            message: 'No such authorization.',
            timestamp: new Date().toISOString(),
            path: path404.split('?')[0],
            details: [],
          }),
        );
      }
    },
  };

  test('a 404 for the example id is a note asking for a fixture; with the fixture, the id is used', async () => {
    expect(op).toBeDefined();
    const broken = await startBrokenServer(mock.mock, model, knowsOne);
    try {
      const only = ['--include', `${op.operationId},example-accepted`, '--max-examples', '0'];
      const without = await verify(broken.url, ...only);
      expect(without.report.failures).toEqual([]);
      expect(without.code).toBe(0);
      expect(without.report.notes.map((n) => n.message).join('\n')).toMatch(/authorizationId .*--fixtures/);
      const file = join(dir, 'fixtures.json');
      await writeFile(
        file,
        JSON.stringify({ operations: { [op.operationId]: { authorizationId: issued } } }),
      );
      const withFixture = await verify(broken.url, ...only, '--fixtures', file);
      expect(withFixture.report.failures).toEqual([]);
      expect(withFixture.report.notes.map((n) => n.message).join('\n')).not.toMatch(/--fixtures/);
      expect(withFixture.report.checks).toContainEqual({
        operation: op.key,
        check: 'example-accepted',
        failed: false,
      });
    } finally {
      await broken.close();
    }
  });
});

describe('personal data in what verify sends', () => {
  test('a CPF in a fixture identifier reaches neither the JSON report, the JUnit XML nor the annotations', async () => {
    const op = ops.find((o) => o.operationId === 'cancelAutomaticPixAuthorization') as Operation;
    const cpf = '123.456.789-09';
    const failsAll = {
      response(answer: Exchange, o: Operation | undefined) {
        if (o === op) answer.status = 500;
      },
    };
    const broken = await startBrokenServer(mock.mock, model, failsAll);
    try {
      const file = join(dir, 'personal-fixtures.json');
      await writeFile(file, JSON.stringify({ operations: { [op.operationId]: { authorizationId: cpf } } }));
      const only = ['--include', `${op.operationId},example-accepted`, '--max-examples', '0'];
      const { report } = await verify(broken.url, ...only, '--fixtures', file);
      expect(report.failures.length).toBeGreaterThan(0);
      expect(report.failures[0]?.request.path).toContain('REDACTED'); // a placeholder a URL may hold
      const outputs = [JSON.stringify(report), junitReport(report), githubAnnotations(report, () => 'error')];
      for (const text of outputs) {
        expect(text).not.toContain(cpf);
        expect(text).not.toContain(encodeURIComponent(cpf));
      }
    } finally {
      await broken.close();
    }
  });
});

interface BrokenCase {
  name: string;
  deviation: Deviation;
  checks: string[];
  /** The operations the deviation must be caught on. */
  operations: readonly Operation[];
  /** Only these checks (--include): the others are proven on the mock. */
  include?: string[];
}

const ops = model.operations;
const isClientError = (status: number) => status >= 400 && status < 500;
const successSchema = (op: Operation) => resolveSchema(responseFor(op, 200)?.content[0]?.schema);
const requiredOf = (op: Operation) => (successSchema(op)?.required as string[] | undefined) ?? [];

/** Every enum value of an operation's JSON request body, at any depth. */
function enumValuesOf(op: Operation): string[] {
  const found: string[] = [];
  const walk = (schema: unknown, depth: number): void => {
    if (!schema || typeof schema !== 'object' || depth > 8) return;
    const s = resolveSchema(schema as JsonSchema);
    if (Array.isArray(s.enum)) found.push(...s.enum.filter((v): v is string => typeof v === 'string'));
    for (const child of Object.values((s.properties ?? {}) as object)) walk(child, depth + 1);
    for (const key of ['items', 'allOf', 'oneOf', 'anyOf'])
      for (const child of [s[key]].flat()) walk(child, depth + 1);
  };
  walk(requestMedia(op)?.mediaType === 'application/json' ? requestMedia(op)?.schema : undefined, 0);
  return found;
}

/** A JSON body with each string that is an enum value in another case turned into that value. */
function caseFolded(body: Buffer, values: readonly string[]): Buffer {
  const fold = (v: unknown): unknown =>
    typeof v === 'string'
      ? (values.find((e) => e.toLowerCase() === v.toLowerCase()) ?? v)
      : Array.isArray(v)
        ? v.map(fold)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fold(x)]))
          : v;
  try {
    return Buffer.from(JSON.stringify(fold(JSON.parse(body.toString('utf8')))));
  } catch {
    return body;
  }
}

const takesJsonBody = (op: Operation) => requestMedia(op)?.mediaType === 'application/json';
const documents400 = (op: Operation) => responseFor(op, 400)?.status === '400';

const brokenServers: BrokenCase[] = [
  {
    name: 'a 422 for a request that fails validation, where the contract documents 400',
    deviation: {
      response(answer) {
        if (answer.status !== 400) return;
        answer.status = 422;
        editJson(answer, (body) => Object.assign(body, { status_code: 422 }));
      },
    },
    checks: ['negative-rejected', 'coverage-rejected'],
    operations: ops.filter((op) => op.requestBody && documents400(op)),
  },
  {
    name: "an error envelope whose path is not the request's path",
    deviation: {
      response(answer) {
        if (isClientError(answer.status)) editJson(answer, (body) => Object.assign(body, { path: '/hb' }));
      },
    },
    checks: ['field-rules'],
    operations: ops,
    include: ['field-rules'],
  },
  {
    name: 'an enum value in another case accepted, nested ones included',
    deviation: {
      requestBody: (body, _headers, op) => (op ? caseFolded(body, enumValuesOf(op)) : body),
    },
    checks: ['coverage-rejected'],
    operations: ops.filter((op) => enumValuesOf(op).length > 0),
    include: ['coverage-rejected'],
  },
  {
    name: 'a JSON body with a charset parameter refused',
    deviation: {
      request(headers) {
        if (headers['content-type']?.includes('charset')) headers['content-type'] = 'text/plain';
      },
    },
    checks: ['coverage-accepted'],
    operations: ops.filter(takesJsonBody),
    include: ['coverage-accepted'],
  },
  {
    name: 'a JSON body taken by the operation that takes a form',
    deviation: {
      requestBody(body, headers, op) {
        const media = op && requestMedia(op);
        if (media?.mediaType !== 'multipart/form-data' || headers['content-type'] !== 'application/json')
          return body;
        const valid = encodeBody(media, media.examples[0]?.value);
        headers['content-type'] = valid.contentType;
        return Buffer.from(valid.text);
      },
    },
    checks: ['coverage-rejected'],
    operations: ops.filter((op) => requestMedia(op)?.mediaType === 'multipart/form-data'),
    include: ['coverage-rejected'],
  },
  {
    name: 'a missing required response field',
    deviation: {
      response(answer, op) {
        const [field] = op && answer.status === 200 ? requiredOf(op) : [];
        if (field) editJson(answer, (body) => delete body[field]);
      },
    },
    checks: ['response-schema'],
    operations: ops.filter((op) => requiredOf(op).length > 0 && responseFor(op, 200)?.status === '200'),
  },
  {
    name: 'a 2xx for invalid input',
    deviation: {
      response(answer) {
        if (answer.status === 400) Object.assign(answer, { status: 200, body: Buffer.from('{}') });
      },
    },
    checks: ['negative-rejected'],
    operations: ops.filter((op) => op.requestBody),
  },
  {
    name: 'a 5xx for invalid input',
    deviation: {
      response(answer) {
        if (answer.status === 400) answer.status = 500;
      },
    },
    checks: ['negative-rejected', 'no-server-error'],
    operations: ops.filter((op) => op.requestBody),
  },
  {
    name: 'ignored auth (no token accepted)',
    deviation: {
      request(headers) {
        headers.authorization ??= `Bearer ${token}`;
      },
    },
    checks: ['auth-required'],
    operations: ops.filter((op) => bearerScopes(op).length > 0),
  },
  {
    name: 'ignored scope',
    deviation: {
      request(headers) {
        if (headers.authorization) headers.authorization = `Bearer ${token}`;
      },
    },
    checks: ['scope-enforced'],
    operations: ops.filter(
      (op) => bearerScopes(op).length > 0 && bearerScopes(op).every((s) => s.length > 0),
    ),
  },
  {
    name: 'a wrong content type',
    deviation: {
      response(answer) {
        if (answer.status < 300) answer.headers['content-type'] = 'text/plain';
      },
    },
    checks: ['response-content-type'],
    operations: ops.filter((op) => successResponses(op).some((r) => r.content.length)),
  },
  {
    name: 'an incomplete error envelope',
    deviation: {
      response(answer) {
        if (isClientError(answer.status)) editJson(answer, (body) => delete body.timestamp);
      },
    },
    checks: ['error-envelope'],
    operations: ops,
  },
  {
    name: 'an undocumented status',
    deviation: {
      response(answer) {
        if (answer.status === 200) answer.status = 203;
      },
    },
    checks: ['response-status', 'example-accepted'],
    // Where 200 is the documented success and no 2XX range would cover a 203.
    operations: ops.filter((op) => responseFor(op, 200)?.status === '200' && !responseFor(op, 203)),
  },
  {
    name: 'a missing required header accepted',
    deviation: {
      request(headers, op) {
        if (op?.accountHeader) headers['x-account-id'] ??= '7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34';
      },
    },
    checks: ['account-header-required'],
    operations: ops.filter((op) => op.accountHeader),
  },
  {
    name: 'a forged token let in (signature altered, alg none, signature stripped)',
    deviation: {
      request(headers) {
        const sent = headers.authorization?.split('.')[1];
        if (sent && sent === token.split('.')[1] && headers.authorization !== `Bearer ${token}`)
          headers.authorization = `Bearer ${token}`;
      },
    },
    checks: ['forged-token-refused'],
    operations: ops.filter((op) => bearerScopes(op).length > 0),
    include: ['forged-token-refused'],
  },
  {
    name: 'an expired token let in',
    deviation: {
      request(headers) {
        if (headers.authorization === `Bearer ${expired}`) headers.authorization = `Bearer ${token}`;
      },
    },
    checks: ['expired-token-refused'],
    operations: ops.filter((op) => bearerScopes(op).length > 0),
    include: ['expired-token-refused'],
  },
  {
    name: "a token of another environment let in with the sandbox's certificate",
    deviation: {
      request(headers) {
        if (headers.authorization === `Bearer ${production}`) headers.authorization = `Bearer ${token}`;
      },
    },
    checks: ['cross-environment-refused'],
    operations: ops.filter((op) => bearerScopes(op).length > 0),
    include: ['cross-environment-refused'],
  },
  {
    name: 'a client certificate from any CA let in',
    deviation: { anyClientCertificate: true },
    checks: ['foreign-client-certificate-refused'],
    operations: model.operations.slice(0, 1), // checked once, on the first operation
    include: ['foreign-client-certificate-refused', 'client-certificate-required'],
  },
  {
    name: 'a refund whose id is not the id of its path (x-equals)',
    deviation: {
      response(answer, op) {
        if (op?.operationId === 'refundPix' && answer.status < 300)
          editJson(answer, (body) => Object.assign(body.refund as object, { id: 'not-the-path-id' }));
      },
    },
    checks: ['field-rules'],
    operations: ops.filter((op) => op.operationId === 'refundPix'),
    include: ['field-rules'],
  },
  {
    name: "an error envelope whose status_code is not the answer's status",
    deviation: {
      response(answer) {
        if (isClientError(answer.status))
          editJson(answer, (body) => Object.assign(body, { status_code: 400 }));
      },
    },
    checks: ['field-rules'],
    operations: ops.filter((op) => bearerScopes(op).length > 0), // their 401s say 400
    include: ['field-rules'],
  },
  {
    name: 'a connection without a client certificate let in',
    deviation: { clientCertificateOptional: true },
    checks: ['client-certificate-required'],
    operations: model.operations.slice(0, 1), // checked once, on the first operation
  },
];

describe('broken servers', () => {
  test.each(brokenServers)('catches $name', async ({ deviation, checks, operations, include }) => {
    expect(operations.length).toBeGreaterThan(0);
    const broken = await startBrokenServer(mock.mock, model, deviation);
    try {
      const { code, report } = await verify(broken.url, ...(include ? ['--include', include.join(',')] : []));
      expect(code).toBe(1);
      for (const check of checks)
        expect([...failed(report, check)].sort()).toEqual(
          expect.arrayContaining(operations.map((op) => op.key).sort()),
        );
      for (const failure of report.failures) {
        expect(failure.curl).toContain(`--cacert '${join(dir, 'ca.pem')}'`);
        if (failure.check !== 'client-certificate-required') expect(failure.curl).toContain('--cert');
        expect(failure.operationId).toBe(
          model.operations.find((op) => op.key === failure.operation)?.operationId,
        );
        expect(failure.request.method).toMatch(/^[A-Z]+$/);
        expect(failure.actual?.status).toBeGreaterThan(0);
        expect(JSON.stringify(failure)).not.toContain(token);
        // What the server answered is redacted: no CPF or CNPJ, formatted or bare, in got or actual.
        const answered = JSON.stringify([failure.got, failure.actual]);
        expect(answered).not.toMatch(
          /\d{3}\.\d{3}\.\d{3}-\d{2}|\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}|\b\d{11}\b|\b\d{14}\b/,
        );
      }
      if (include) expect(new Set(report.checks.map((c) => c.check))).toEqual(new Set(include));
    } finally {
      await broken.close();
    }
  });
});

describe('a reproducer', () => {
  test("runs as pasted: the contract's example values (a password) stay, and the deviation shows again", async () => {
    const op = ops.find((o) =>
      o.requestBody?.content.some((m) => JSON.stringify(m.examples[0]?.value ?? '').includes('"password"')),
    ) as Operation;
    expect(op).toBeDefined();
    const broken = await startBrokenServer(mock.mock, model, {
      response(answer) {
        if (answer.status !== 400) return;
        answer.status = 422;
        editJson(answer, (body) => Object.assign(body, { status_code: 422 }));
      },
    });
    try {
      const { report } = await verify(broken.url, '--include', `${op.operationId},coverage-rejected`);
      const failure = report.failures.find((f) => f.check === 'coverage-rejected');
      const password = JSON.stringify(
        (op.requestBody?.content[0]?.examples[0]?.value as { password?: unknown } | undefined)?.password,
      );
      expect(failure?.curl).toContain(`"password":${password}`);
      expect(failure?.curl).toBeDefined();
      expect(failure?.curl).not.toContain('[redacted]');
      const { stdout } = await promisify(execFile)('sh', ['-c', failure?.curl ?? 'false'], {
        env: { ...process.env, TOKEN: token },
      });
      expect(stdout).toMatch(/^HTTP\/1\.1 422/);
    } finally {
      await broken.close();
    }
  });
});

describe('the command', () => {
  const run = promisify(execFile);
  /** Runs `npm run verify`'s script in its own process; resolves with the exit code and output. */
  async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await run(process.execPath, [
        'scripts/launch.mjs',
        'tools/verify/cli.ts',
        ...argv,
      ]);
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code?: number; stdout?: string; stderr?: string };
      return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
    }
  }

  test('exits 0 when the server conforms, 1 when it deviates (JUnit XML with the failure count), 2 on usage errors', async () => {
    const broken = await startBrokenServer(mock.mock, model, {
      request(headers) {
        headers.authorization ??= `Bearer ${token}`;
      },
    });
    try {
      const junit = join(dir, 'junit.xml');
      const json = join(dir, 'report.json');
      const [conforms, deviates, usage] = await Promise.all([
        cli(args(mock.url)),
        cli(args(broken.url, '--junit', junit, '--report', json)),
        cli(['--target', mock.url]),
      ]);
      expect(conforms.code).toBe(0);
      expect(conforms.stdout).toContain('The server conforms.');
      expect(deviates.code).toBe(1);
      expect(deviates.stdout).toContain('auth-required');
      expect(deviates.stdout).not.toContain(token);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('--ca is required');

      const xml = await readFile(junit, 'utf8');
      expect(XMLValidator.validate(xml)).toBe(true);
      const report = JSON.parse(await readFile(json, 'utf8')) as Report;
      const failedChecks = report.checks.filter((c) => c.failed).length;
      expect(failedChecks).toBeGreaterThan(0);
      const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'testcase' }).parse(
        xml,
      );
      const suite = parsed.testsuites.testsuite;
      expect(Number(suite['@_failures'])).toBe(failedChecks);
      expect(Number(suite['@_tests'])).toBe(report.checks.length);
      const withFailure = (suite.testcase as { failure?: unknown }[]).filter((c) => c.failure !== undefined);
      expect(withFailure).toHaveLength(failedChecks);
    } finally {
      await broken.close();
    }
  });

  test('--rerun sends only what failed in an earlier report; the JSON report carries the summary', async () => {
    const broken = await startBrokenServer(mock.mock, model, {
      request(headers) {
        headers.authorization ??= `Bearer ${token}`;
      },
    });
    try {
      const file = join(dir, 'first.json');
      const first = await verify(broken.url, '--max-examples', '0', '--report', file);
      expect(first.code).toBe(1);
      const failedPairs = new Set(first.report.failures.map((f) => `${f.operation} ${f.check}`));
      expect([...failedPairs].every((p) => p.endsWith('auth-required'))).toBe(true);
      const byCheck = first.report.summary.byCheck.find((t) => t.name === 'auth-required');
      expect(byCheck?.failed).toBe(failedPairs.size);
      const again = await verify(broken.url, '--rerun', file);
      expect(again.code).toBe(1);
      expect(new Set(again.report.checks.map((c) => c.check))).toEqual(new Set(['auth-required']));
      expect(new Set(again.report.checks.map((c) => `${c.operation} ${c.check}`))).toEqual(failedPairs);
    } finally {
      await broken.close();
    }
  });

  test('refuses a target the contract lists as production unless --allow-production', async () => {
    // The contract's own production entry defaults to the local mock (loopback), which is not refused;
    // a contract that names a real production address is.
    const real = {
      ...model,
      servers: model.servers.map((s) =>
        s.environment === 'production'
          ? { ...s, variables: { base_url: { default: 'https://api.bank.example' } } }
          : s,
      ),
    };
    const errors: string[] = [];
    const refused = await verifyCommand(
      args('https://api.bank.example', '--spec', 'real.json'),
      { log: () => {}, error: (t) => errors.push(t) },
      { loadSpec: async () => real },
    );
    expect(refused.code).toBe(2);
    expect(refused.report).toBeUndefined();
    expect(errors.join('\n')).toContain('--allow-production');
  });

  test('exits 2 with what to fix when the server does not answer', async () => {
    const errors: string[] = [];
    const closed = await startBrokenServer(mock.mock, model, {});
    await closed.close(); // a port nobody listens on any more
    const outcome = await verifyCommand(args(closed.url), { log: () => {}, error: (t) => errors.push(t) });
    expect(outcome.code).toBe(2);
    expect(errors.join('\n')).toMatch(/nothing answers at --target .*check its host and port/s);
  });

  test('exits 2 with what to fix when the token is refused', async () => {
    const errors: string[] = [];
    const argv = args(mock.url).map((a) => (a === token ? 'not-a-token' : a));
    const outcome = await verifyCommand(argv, { log: () => {}, error: (t) => errors.push(t) });
    expect(outcome.code).toBe(2);
    expect(errors.join('\n')).toContain('refused the credentials');
    expect(errors.join('\n')).not.toContain('Usage:');
  });

  test('verifies against the contract file given with --spec', async () => {
    const loadSpec = async (file: string) => (await loadContract(file)).model;
    const argv = args(mock.url, '--spec', 'openapi.yaml', '--max-examples', '0');
    const { code, report } = await verifyCommand(argv, quiet, { loadSpec });
    if (!report) throw new Error('no report');
    expect(code).toBe(0);
    expect(report.operations).toBe(model.operations.length);
  });
});
