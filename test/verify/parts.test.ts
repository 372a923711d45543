// The verifier's parts that need no server: generated invalid bodies and requests (the conformance
// engine's, as verify uses them), curl reproductions, the production guard and the command line.

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { invalidBodies, type Probe, requestFor } from '@banking-api/conformance';
import { contractModel, type Operation, type Server } from '@banking-api/contract';
import { conforms } from '@banking-api/contract/validators';
import {
  curlCommand,
  differencesOf,
  fieldsOf,
  githubAnnotations,
  parseOptions,
  productionMatches,
  type Report,
  selectionOf,
  shellQuote,
  UsageError,
  usage,
} from '@banking-api/verify';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';

/** A request as verify sends it (tools/verify used to call this probeFor). */
const probeFor = (op: Operation, seed: number): Probe => requestFor(op, { seed });

const model = contractModel();
const jsonBodies = model.operations.flatMap((op) =>
  (op.requestBody?.content ?? [])
    .filter((m) => m.mediaType === 'application/json' && m.schema && m.examples.length)
    .map((m) => ({ op, schema: m.schema ?? {}, example: m.examples[0]?.value })),
);

describe('invalid bodies', () => {
  test('each breaks the schema, and the same seed gives the same bodies', () => {
    expect(jsonBodies.length).toBeGreaterThan(0);
    for (const { schema, example } of jsonBodies) {
      const bodies = invalidBodies(schema, example, { seed: 3, max: 8 });
      for (const body of bodies) expect(conforms(schema, body.value), body.label).toBe(false);
      expect(invalidBodies(schema, example, { seed: 3, max: 8 })).toEqual(bodies);
      expect(bodies.length).toBeLessThanOrEqual(8);
    }
  });

  test('break only what the schema constrains: no required list, no missing field', () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } } };
    const labels = invalidBodies(schema, { name: 'x' }, { seed: 1, max: 20 }).map((b) => b.label);
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.some((l) => l.startsWith('missing'))).toBe(false);
    expect(invalidBodies({ description: 'any JSON' }, { a: 1 }, { seed: 1, max: 5 })).toEqual([]);
  });

  test('a form body is only broken by leaving out a required part', () => {
    const schema = {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    };
    const bodies = invalidBodies(
      schema,
      { file: 'x' },
      { seed: 1, max: 5, kinds: ['missing required field'] },
    );
    expect(bodies).toEqual([
      { kind: 'missing required field', label: 'missing required field at /file', value: {} },
    ]);
  });
});

describe('curl reproduction', () => {
  const options = {
    target: 'https://sandbox.example:8443',
    files: { ca: 'ca.pem', cert: 'client.pem', key: 'client-key.pem' },
  };

  test('carries the certificate flags and elides the token', () => {
    const curl = curlCommand(
      {
        method: 'POST',
        path: '/hb/x?a=1',
        headers: { 'x-account-id': 'acc' },
        credential: 'token',
        body: { contentType: 'application/json', text: `{"n":"O'Brien"}` },
      },
      options,
    );
    expect(curl).toContain("--cacert 'ca.pem' --cert 'client.pem' --key 'client-key.pem'");
    expect(curl).toContain('-H "Authorization: Bearer $TOKEN"');
    expect(curl).toContain(`--data-binary '{"n":"O'\\''Brien"}'`);
    expect(curl).toContain("'https://sandbox.example:8443/hb/x?a=1'");
  });

  test('redacts personal data in the URL, the header values and the body; the rest stays as sent', () => {
    const personal = ['123.456.789-09', '12345678909', 'ana@example.com', '+55 11 98765-4321'];
    const curl = curlCommand(
      {
        method: 'POST',
        path: `/hb/pix/keys/12345678909?email=ana%40example.com`,
        headers: { 'x-account-id': '123.456.789-09', 'x-contact': '+55 11 98765-4321', 'x-plain': 'kept-1' },
        credential: 'token',
        body: { contentType: 'application/json', text: '{"email":"ana@example.com","amount":"10.00"}' },
      },
      options,
    );
    for (const data of [...personal, 'ana%40example.com']) expect(curl).not.toContain(data);
    expect(curl).not.toContain('[redacted]'); // a variable the command names instead: it runs as pasted
    expect(curl).toContain(`'{"email":"'"\${EMAIL:?email (kept out of the report)}"'","amount":"10.00"}'`);
    expect(curl).toMatch(/-H 'x-account-id: '"\$\{CPF:\?a CPF[^}]*\}"/);
    expect(curl).toContain("-H 'x-plain: kept-1'");
  });

  test("keeps the contract's own example values (a password the example shows), so the command runs as pasted", () => {
    const op = contractModel().operations.find((o) =>
      o.requestBody?.content.some((m) =>
        m.examples.some((e) => JSON.stringify(e.value).includes('"password"')),
      ),
    );
    const media = op?.requestBody?.content.find((m) => m.examples.length);
    const text = JSON.stringify(media?.examples[0]?.value);
    expect(text).toContain('"password"');
    const curl = curlCommand(
      {
        method: 'POST',
        path: '/hb/x',
        headers: {},
        credential: 'token',
        body: { contentType: 'application/json', text },
      },
      options,
    );
    expect(curl).toContain(`--data-binary ${shellQuote(text)}`);
    const personal = curlCommand(
      {
        method: 'POST',
        path: '/hb/x',
        headers: {},
        credential: 'token',
        body: {
          contentType: 'application/json',
          text: text.replace(/"password":"[^"]*"/, '"password":"s3cr3t-of-a-person"'),
        },
      },
      options,
    );
    expect(personal).not.toContain('s3cr3t-of-a-person');
    expect(personal).toContain(`"\${PASSWORD:?password (kept out of the report)}"`);
  });

  test('a pasted command runs in a shell: the variables expand where set, and it stops naming one unset', async () => {
    const curl = curlCommand(
      {
        method: 'POST',
        path: '/hb/x',
        headers: {},
        credential: 'none',
        body: { contentType: 'application/json', text: '{"email":"ana@example.com","note":"it\'s"}' },
      },
      options,
    );
    const echo = `printf '%s\n' ${curl.slice(curl.indexOf('--data-binary') + '--data-binary '.length, curl.lastIndexOf(' '))}`;
    const set = await promisify(execFile)('sh', ['-c', echo], { env: { EMAIL: 'x@y.z' } });
    expect(JSON.parse(set.stdout)).toEqual({ email: 'x@y.z', note: "it's" });
    const unset = await promisify(execFile)('sh', ['-c', echo], { env: {} }).catch(
      (e: { stderr: string }) => e,
    );
    expect((unset as { stderr: string }).stderr).toContain('EMAIL');
  });

  test('leaves the client certificate and the token out when the probe did', () => {
    const curl = curlCommand(
      { method: 'GET', path: '/a', headers: {}, credential: 'none', withoutClientCertificate: true },
      options,
    );
    expect(curl).not.toContain('--cert');
    expect(curl).not.toContain('Authorization');
  });

  test("quotes control characters (multipart line ends) with $'…'", () => {
    expect(shellQuote('a\r\nb')).toBe("$'a\\r\\nb'");
  });
});

describe('production guard', () => {
  const servers: Server[] = [
    {
      url: '{base_url}',
      environment: 'production',
      variables: { base_url: { default: 'https://api.bank.example/v1' } },
    },
    { url: 'https://sandbox.bank.example', environment: 'sandbox', variables: {} },
  ];

  test('matches a target under a production URL with its variables at their defaults', () => {
    expect(productionMatches('https://API.bank.example:443/v1/', servers)).toEqual([
      'https://api.bank.example/v1',
    ]);
    expect(productionMatches('https://api.bank.example/v2', servers)).toEqual([]);
    expect(productionMatches('https://sandbox.bank.example', servers)).toEqual([]);
  });

  test('a production entry whose default is on loopback names the local mock: not production', () => {
    const local = (base: string): Server => ({
      url: '{base_url}',
      environment: 'production',
      variables: { base_url: { default: base } },
    });
    for (const base of ['https://127.0.0.1:8443', 'https://localhost:8443', 'https://[::1]:8443'])
      expect(productionMatches(base, [local(base)]), base).toEqual([]);
    expect(productionMatches(`https://${'127.0.0.1'}:8443`, model.servers)).toEqual([]);
  });
});

describe('selection', () => {
  const [first, second] = model.operations as [Operation, Operation];

  test('--include and --exclude name operations (operationId or METHOD /path) and checks', () => {
    const s = selectionOf(model, { include: [first.operationId, 'auth-required'], exclude: [] });
    expect(s.operation(first)).toBe(true);
    expect(s.operation(second)).toBe(false);
    expect(s.check('auth-required')).toBe(true);
    expect(s.check('response-schema')).toBe(false);
    expect(s.namesProbeChecks).toBe(true);
    const x = selectionOf(model, { include: [], exclude: [second.key, 'response-schema'] });
    expect([x.operation(first), x.operation(second), x.check('response-schema')]).toEqual([
      true,
      false,
      false,
    ]);
  });

  test('--rerun selects what failed; an unknown name is a usage error', () => {
    const s = selectionOf(model, {
      include: [],
      exclude: [],
      rerun: [{ operation: second.key, check: 'error-envelope' }],
    });
    expect([s.operation(first), s.operation(second), s.check('error-envelope'), s.namesProbeChecks]).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(() => selectionOf(model, { include: ['nope'], exclude: [] })).toThrow(UsageError);
  });
});

describe('command line', () => {
  const base = ['--target', 'https://h:1', '--ca', 'c', '--cert', 'c', '--key', 'k', '--token', 't'];

  test('reads the options with their defaults', () => {
    expect(parseOptions(base)).toMatchObject({
      target: 'https://h:1',
      seed: 1,
      maxExamples: 10,
      allowProduction: false,
    });
  });

  test('reads each token from a file (--token-file and the others), never both forms of one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'verify-tokens-'));
    const file = (name: string, text: string) => {
      writeFileSync(join(dir, name), text, { mode: 0o600 });
      return join(dir, name);
    };
    try {
      const argv = [
        ...base.slice(0, -2),
        ...['--token-file', file('full', 'full.token\n')],
        ...['--unscoped-token-file', file('unscoped', 'unscoped.token')],
        ...['--expired-token-file', file('expired', '  expired.token\n')],
        ...['--other-env-token-file', file('other', 'other.token')],
        ...['--parity-target', 'https://m:2', '--parity-cert', 'c', '--parity-key', 'k'],
        ...['--parity-token-file', file('parity', 'parity.token')],
      ];
      expect(parseOptions(argv)).toMatchObject({
        token: 'full.token',
        unscopedToken: 'unscoped.token',
        expiredToken: 'expired.token',
        otherEnvToken: 'other.token',
        parity: { token: 'parity.token' },
      });
      expect(() => parseOptions([...base, '--token-file', file('again', 't')])).toThrow(
        'Give --token or --token-file, not both.',
      );
      expect(() => parseOptions([...base.slice(0, -2), '--token-file', file('empty', '\n')])).toThrow(
        'is empty',
      );
      expect(() => parseOptions([...base.slice(0, -2), '--token-file', join(dir, 'none')])).toThrow(
        UsageError,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test.each([
    [['--target', 'http://h:1', ...base.slice(2)], 'not https'],
    [[...base, '--seed', 'x'], '--seed must be an integer'],
    [[...base, '--bogus'], 'bogus'],
    [base.slice(0, -2), '--token (or --token-file) is required'],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseOptions(argv)).toThrow(UsageError);
    expect(() => parseOptions(argv)).toThrow(message);
  });
});

describe('tools/verify', () => {
  test('uses the package through its public entry, not its sources', () => {
    const cli = readFileSync(join(import.meta.dirname, '../../tools/verify/cli.ts'), 'utf8');
    const imports = [...cli.matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? '');
    expect(imports).toContain('@banking-api/verify');
    expect(imports.filter((target) => target.includes('packages/'))).toEqual([]);
  });
});

describe('requests', () => {
  test('an idempotency identifier is fresh on every request; other parameters keep their example', () => {
    const idempotent = model.operations.filter((op) => op.idempotency);
    expect(idempotent.length).toBeGreaterThan(0);
    for (const op of idempotent) {
      const [a, b] = [probeFor(op, 1), probeFor(op, 1)];
      expect(a.path).not.toBe(b.path);
      for (const p of op.parameters.filter((p) => p.in === 'header' && p.required))
        expect(a.headers[p.name]).toBe(p.examples[0]?.value);
    }
  });

  test('a path parameter without an example gets a generated value, the same for the same seed', () => {
    const op = {
      ...(model.operations[0] as Operation),
      path: '/things/{thing}',
      parameters: [{ name: 'thing', in: 'path', required: true, schema: { type: 'string' }, examples: [] }],
      idempotency: undefined,
    } satisfies Operation;
    expect(probeFor(op, 5).path).toMatch(/^\/things\/[a-z0-9]{8,16}$/);
    expect(probeFor(op, 5).path).toBe(probeFor(op, 5).path);
  });
});

describe('the reusable workflow (.github/workflows/verify.yml)', () => {
  const workflow = parse(
    readFileSync(join(import.meta.dirname, '../../.github/workflows/verify.yml'), 'utf8'),
  );
  const script = (workflow.jobs.verify.steps as { run?: string }[]).map((s) => s.run ?? '').join('\n');

  test('is called with a target and secrets, and passes only options verify has', () => {
    expect(Object.keys(workflow.on)).toEqual(['workflow_call']);
    expect(workflow.on.workflow_call.inputs.target.required).toBe(true);
    for (const secret of ['ca', 'cert', 'key', 'token'])
      expect(workflow.on.workflow_call.secrets[secret].required).toBe(true);
    const argLines = script
      .split('\n')
      .filter((line) => /\bargs\b|^\s+--/.test(line) && !line.includes('npx'));
    const flags = [...argLines.join('\n').matchAll(/(?<![\w-])--[a-z][a-z-]+/g)].map((m) => m[0]);
    expect(flags).toContain('--fixtures');
    expect(flags).toContain('--annotations');
    expect(flags).toContain('--token-file');
    for (const inline of ['--token', '--unscoped-token', '--expired-token', '--other-env-token'])
      expect(flags, 'tokens go in files, not on the command line').not.toContain(inline);
    for (const flag of new Set(flags)) expect(usage, flag).toContain(flag);
  });

  test('annotations escape what the runner reads as a command', () => {
    const failure = {
      operation: 'POST /hb/x',
      operationId: 'x',
      check: 'auth-required',
      expected: '401',
      got: '200 a%b\n::error::',
      request: { method: 'POST', path: '/hb/x' },
      curl: 'curl',
      occurrences: 1,
    };
    const report = { failures: [failure] } as unknown as Report;
    const text = githubAnnotations(report, () => 'error');
    expect(text.split('\n')[0]).toBe(
      // the server's newline is shown as `\n`, on the line of the annotation: no command of its own
      '::error title=x auth-required::POST /hb/x: expected 401%0Agot 200 a%25b\\n::error::%0Acurl',
    );
    expect(text).toContain('::notice title=verify::The server deviates');
  });
});

describe('parity', () => {
  const answer = (status: number, body: unknown) => ({
    status,
    mediaType: 'application/json',
    headers: {},
    text: JSON.stringify(body),
  });

  test('compares the status class first, then the error code and the fields', () => {
    expect(differencesOf(answer(201, {}), answer(200, {}))).toEqual([]);
    expect(differencesOf(answer(404, {}), answer(200, {}))).toEqual([
      { aspect: 'status-class', server: '404', mock: '200' },
    ]);
    expect(differencesOf(answer(400, { code: 'BAD' }), answer(400, { code: 'VALIDATION_ERROR' }))).toEqual([
      { aspect: 'error-code', server: 'BAD', mock: 'VALIDATION_ERROR' },
    ]);
    expect(
      differencesOf(answer(200, { a: { b: 1 }, z: 1 }), answer(200, { z: 2, a: { c: [{ d: 1 }] } })),
    ).toEqual([{ aspect: 'fields', server: 'a.b', mock: 'a.c, a.c[].d' }]);
  });

  test('field paths are bounded however deep or wide the body', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 1000; i += 1) deep = { n: deep };
    expect(fieldsOf(deep).size).toBeLessThanOrEqual(8);
    const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]));
    expect(fieldsOf(wide).size).toBe(500);
  });
});
