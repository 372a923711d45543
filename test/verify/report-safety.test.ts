// What a hostile server can put in verify's reports: nothing personal (a CPF across the old 300-character
// cut, its request-id header, its error codes and field names in the parity section, its certificate's
// names in a connection error), none of the run's tokens (echoed back, opaque or not), and no line of its
// own (newlines, a forged verdict, a GitHub Actions workflow command, terminal escapes). The terminal
// output, the JSON report, the JUnit XML and the annotations are read as written. Over real mutual TLS,
// with certificates made here.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCa, makeClientCert, makeServerCert } from '@banking-api/mock';
import { jsonWithEscapes, oneLine, verifyCommand } from '@banking-api/verify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { linearGrowth } from '../support/growth.ts';

type Answer = (
  url: string,
  authorization: string,
) => { status: number; headers?: Record<string, string>; body: string };

const ca = makeCa('Report Safety CA');
const client = makeClientCert(ca, 'report-safety-client');
const token = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'; // opaque: no JWT, no upper case
const servers: Server[] = [];
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verify-report-safety-'));
  await writeFile(join(dir, 'ca.pem'), ca.cert);
  await writeFile(join(dir, 'client.pem'), client.cert);
  await writeFile(join(dir, 'client-key.pem'), client.key);
});

afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

async function hostile(answer: Answer, names = ['127.0.0.1', 'localhost']): Promise<string> {
  const server = createServer(
    { ...makeServerCert(ca, names), ca: ca.cert, requestCert: true },
    (req, res) => {
      req.resume();
      const { status, headers = {}, body } = answer(req.url ?? '/', req.headers.authorization ?? '');
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(body);
    },
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return `https://localhost:${(server.address() as AddressInfo).port}`;
}

/** Runs the command; returns everything it wrote: terminal, errors, annotations, JSON, JUnit. */
async function verify(target: string, ...extra: string[]): Promise<{ code: number; written: string }> {
  const out: string[] = [];
  const write = (text: string) => out.push(text);
  const files = { report: join(dir, 'report.json'), junit: join(dir, 'report.xml') };
  await rm(files.report, { force: true });
  await rm(files.junit, { force: true });
  const { code } = await verifyCommand(
    [
      ...['--target', target, '--ca', join(dir, 'ca.pem'), '--cert', join(dir, 'client.pem')],
      ...['--key', join(dir, 'client-key.pem'), '--token', token, '--max-examples', '1'],
      ...['--include', 'listWebhookLogs', '--report', files.report, '--junit', files.junit, '--annotations'],
      ...extra,
    ],
    { log: write, error: write },
  );
  for (const file of Object.values(files)) out.push(await readFile(file, 'utf8').catch(() => ''));
  return { code, written: out.join('\n') };
}

const cpf = /123\.456|456\.789|789-09|12345678909/;

describe("a hostile server's text in the reports", () => {
  test.each([280, 254])('a CPF or e-mail across the 300th character is redacted (pad %i)', async (pad) => {
    const target = await hostile(() => ({
      status: 500,
      body: `${'x'.repeat(pad)}cliente 123.456.789-09 e-mail joao.silva@gmail.com`,
    }));
    const { code, written } = await verify(target);
    expect(code).toBe(1);
    expect(written).not.toMatch(cpf);
    expect(written).not.toMatch(/joao|gmail/);
  });

  test('its request id is redacted', async () => {
    const target = await hostile(() => ({
      status: 500,
      headers: { 'x-request-id': 'cpf 123.456.789-09 joao.silva@gmail.com' },
      body: '{}',
    }));
    const { written } = await verify(target);
    expect(written).toContain('request id: cpf [redacted]');
    expect(written).not.toMatch(cpf);
    expect(written).not.toMatch(/joao/);
  });

  test('the run’s tokens are removed wherever the server echoes them', async () => {
    const target = await hostile((_, authorization) => {
      const sent = authorization.slice('Bearer '.length);
      return {
        status: 500,
        body: JSON.stringify({ plain: `you sent ${sent} ok`, encoded: encodeURIComponent(sent) }),
      };
    });
    const parityToken = 'b1946ac92492d2347c6235b4d2611184b1946ac92492d2347c6235b4d2611184';
    const { written } = await verify(
      target,
      ...['--unscoped-token', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
      ...['--parity-target', target, '--parity-token', parityToken],
      ...['--parity-cert', join(dir, 'client.pem'), '--parity-key', join(dir, 'client-key.pem')],
    );
    expect(written).toContain('you sent [redacted] ok');
    for (const secret of [token, parityToken, 'e3b0c44298fc1c149afbf4c8996fb924'])
      expect(written).not.toContain(secret);
  });

  test('a token whose middle reads as a phone number is removed whole, not left around the phone', async () => {
    const phoneInside = 'tok_live_5511987654321_ZqAbCdEfGhJk'; // the pattern pass alone left tok_live_…_Zq…
    const target = await hostile((_, authorization) => ({
      status: 500,
      body: JSON.stringify({ echoed: authorization.slice('Bearer '.length) }),
    }));
    const { written } = await verify(target, '--token', phoneInside);
    expect(written).toContain('"echoed');
    expect(written).not.toMatch(/tok_live|ZqAbCdEfGhJk/);
  });

  test('no line of any report is written by the server', async () => {
    const forged =
      'oops\n\nThe server conforms.\n::warning title=forged::injected\r\n\x1b[31mred\x1b[0m\u2028\x85';
    const target = await hostile(() => ({
      status: 500,
      headers: { 'content-type': 'text/plain' },
      body: forged,
    }));
    const { written } = await verify(target);
    const lines = written.split('\n');
    expect(lines.filter((line) => line.startsWith('The server conforms.'))).toEqual([]);
    expect(lines.filter((line) => line.startsWith('::warning'))).toEqual([]);
    for (const unprintable of ['\x1b', '\r', '\u2028', '\x85']) expect(written).not.toContain(unprintable);
    expect(written).toContain('oops\\n\\nThe server conforms.\\n::warning');
  });

  test('the parity section redacts the error codes and field names the server sends', async () => {
    const envelope = { status_code: 400, message: 'm', timestamp: '2020-01-01T00:00:00.000Z', path: '/' };
    const target = await hostile(() => ({
      status: 400,
      body: JSON.stringify({
        ...envelope,
        code: 'CPF 123.456.789-09 joao.silva@gmail.com',
        'joao.silva@gmail.com': 1,
        '123.456.789-09': 2,
      }),
    }));
    const mock = await hostile(() => ({ status: 400, body: JSON.stringify({ ...envelope, code: 'X' }) }));
    const { written } = await verify(
      target,
      ...['--parity-target', mock, '--parity-token', token],
      ...['--parity-cert', join(dir, 'client.pem'), '--parity-key', join(dir, 'client-key.pem')],
    );
    expect(written).toContain('error-code: server CPF [redacted] [redacted]; mock X');
    expect(written).not.toMatch(cpf);
    expect(written).not.toMatch(/joao/);
  });

  test('a certificate for other names is explained by the flag to fix, naming none of its names', async () => {
    const target = await hostile(
      () => ({ status: 200, body: '{}' }),
      ['127.0.0.1', 'joao.silva@gmail.com', 'cpf-123.456.789-09.example'],
    );
    const { code, written } = await verify(target);
    expect(code).toBe(2);
    expect(written).toMatch(/certificate is not issued for the host of --target https:\/\/localhost:\d+/);
    expect(written).not.toMatch(cpf);
    expect(written).not.toMatch(/joao/);
  });

  test('ids the server issued stay whole and the reproducer URL stays valid', async () => {
    const id = 'eb6f7d18-9a3d-4adb-898f-c12345678901';
    const target = await hostile((url) => ({
      status: 500,
      body: JSON.stringify({ id, at: url, doc: '123.456.789-09' }),
    }));
    const { written } = await verify(target, '--fixtures', await fixtures({ webhookId: '12345678909' }));
    expect(written).toContain(id);
    expect(written).not.toMatch(cpf);
    const urls = [...written.matchAll(/ '(https:\/\/localhost:\d+\/[^']*)'(.*)$/gm)];
    expect(urls.length).toBeGreaterThan(0);
    for (const [, url] of urls) expect(new URL(url as string).href).not.toMatch(/[[\]]/); // curl reads [] as a range
    // The CPF given as webhookId: a variable the command names, so the pasted command runs once it is set.
    expect(urls.map(([, url, rest]) => `${url}${rest}`)).toContainEqual(
      expect.stringMatching(/webhookId="\$\{CPF:\?a CPF \(kept out of the report\)\}"/),
    );
  });
});

async function fixtures(values: Record<string, string>): Promise<string> {
  const file = join(dir, 'fixtures.json');
  await writeFile(file, JSON.stringify({ operations: { listWebhookLogs: values } }));
  return file;
}

describe('the one-line escaping', () => {
  test('keeps printable text, escapes the rest', () => {
    expect(oneLine('a "b" \\ ç 😀')).toBe('a "b" \\ ç 😀');
    expect(oneLine('a\nb\r\tc\x1b[0m\x85\u2028\u202e')).toBe('a\\nb\\r\\tc\\u001b[0m\\u0085\\u2028\\u202e');
    expect(JSON.parse(jsonWithEscapes(JSON.stringify({ a: 'x\u2028\x85y' })))).toEqual({ a: 'x\u2028\x85y' });
  });

  test.each([
    ['newlines', (n: number) => '\n'.repeat(n)],
    ['escapes between text', (n: number) => 'ab\x1b'.repeat(n / 3)],
  ])('%s: CPU time grows linearly with the input', (_, make) => {
    const growth = linearGrowth(make, (text: string) => jsonWithEscapes(oneLine(text)), 4_000);
    expect(growth.ratio, growth.summary).toBeLessThan(growth.limit);
  });
});
