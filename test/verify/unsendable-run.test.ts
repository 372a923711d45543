// verify on a contract whose parameter examples and enums hold values HTTP cannot carry in a header (a
// newline, NUL, a character past Latin-1): the run ends with a report, each such request noted on its
// check as not sent (verify's, never the server's failure), every other operation verified. Before, undici
// refused each one inside its pool and counted the connection busy for good: with more refusals than
// connections the run hung. And a server that answers each path once, then accepts and never answers,
// still ends the run through the per-request time-outs, whatever phase sent the request. A contract built
// here; a plain server over real mutual TLS with certificates made here.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCa, makeClientCert, makeServerCert } from '@banking-api/mock';
import { verifyCommand } from '@banking-api/verify';
import { afterAll, beforeAll, expect, test } from 'vitest';

const ca = makeCa('Unsendable Run CA');
const client = makeClientCert(ca, 'unsendable-run-client');
const servers: Server[] = [];
let dir: string;

/** Header values no HTTP client may write, as contract examples and enum values. */
const unsendable = ['a\nb', 'a\u0000b', 'a€b', 'line\r\nx-admin: 1'];

function contract(): object {
  const ok = { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } };
  const op = (id: string, parameters: object[] = []) => ({
    operationId: id,
    parameters,
    responses: { 200: ok },
  });
  const header = (value: string) => ({
    name: 'x-trace',
    in: 'header',
    required: true,
    schema: { type: 'string', enum: [value] },
    example: value,
  });
  const paths: Record<string, object> = {};
  // More refusals than the client has connections (8): several operations, each sent by several checks.
  unsendable.forEach((value, i) => {
    paths[`/bad${i}`] = { get: op(`getBad${i}`, [header(value)]), post: op(`postBad${i}`, [header(value)]) };
  });
  for (const i of [0, 1, 2]) paths[`/good${i}`] = { get: op(`getGood${i}`) };
  return { openapi: '3.1.0', info: { title: 'unsendable', version: '1' }, paths };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verify-unsendable-'));
  await writeFile(join(dir, 'ca.pem'), ca.cert);
  await writeFile(join(dir, 'client.pem'), client.cert);
  await writeFile(join(dir, 'client-key.pem'), client.key);
  await writeFile(join(dir, 'openapi.json'), JSON.stringify(contract()));
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await rm(dir, { recursive: true, force: true });
});

/** A server answering `{}` to a request `answers` lets through; the others are taken and never answered. */
async function serve(answers: (method: string, url: string) => boolean): Promise<string> {
  const server = createServer(
    { ...makeServerCert(ca, ['127.0.0.1']), ca: ca.cert, requestCert: true },
    (req, res) => {
      req.resume();
      if (answers(req.method ?? 'GET', req.url ?? '/'))
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    },
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const verify = (target: string) =>
  verifyCommand(
    [
      ...['--target', target, '--ca', join(dir, 'ca.pem'), '--cert', join(dir, 'client.pem')],
      ...['--key', join(dir, 'client-key.pem'), '--token', 'opaque-token', '--max-examples', '2'],
      ...['--spec', join(dir, 'openapi.json'), '--timeout', '1'],
    ],
    { log: () => {}, error: () => {} },
  );

test('a contract whose header examples cannot be sent: the run ends with a report, each noted as not sent', async () => {
  const { code, report } = await verify(await serve(() => true));
  expect(report, `exit ${code} without a report`).toBeDefined();
  if (!report) return;
  const bad = (key: string) => key.includes('/bad');
  // Never the server's failure: no failure on the operations whose requests could not be sent.
  expect(report.failures.filter((f) => bad(f.operation) && f.check === 'answers-within-limits')).toEqual([]);
  const unsent = report.notes.filter((n) => n.message.startsWith('a request was not sent'));
  expect(new Set(unsent.map((n) => n.operation))).toEqual(
    // 'contract': the once-per-run checks send the first operation's example, /bad0's.
    new Set([...unsendable.flatMap((_, i) => [`GET /bad${i}`, `POST /bad${i}`]), 'contract']),
  );
  expect(unsent.map((n) => n.message).join('\n')).toMatch(/header x-trace holds a character .*\(U\+000A\)/);
  // The other operations were verified: their example was sent and answered.
  for (const i of [0, 1, 2])
    expect(report.checks).toContainEqual({
      operation: `GET /good${i}`,
      check: 'example-accepted',
      failed: false,
    });
}, 120_000);

test('a server that answers each path once, then never: the run still ends through the time-outs', async () => {
  const answered = new Set<string>();
  const target = await serve((method, url) => {
    const key = `${method} ${url.split('?')[0]}`;
    if (answered.has(key)) return false;
    answered.add(key);
    return true;
  });
  const { code, report } = await verify(target);
  expect(report, `exit ${code} without a report`).toBeDefined();
  // Coverage cases, negatives and the path probes each met the silence and were cut by the time-outs.
  const noAnswer = new Set(
    report?.failures.filter((f) => f.check === 'answers-within-limits').map((f) => f.operation),
  );
  for (const i of [0, 1, 2]) expect(noAnswer).toContain(`GET /good${i}`);
}, 300_000);
