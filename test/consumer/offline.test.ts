// A team outside this repository, in a network with no registry: from the client's tarball set
// (`npm run pack:offline`), installed with the one documented command while the registry only records
// requests, it adds a tracing middleware, calls the real mock over mTLS through a local CONNECT proxy
// (HTTPS_PROXY), and compiles as the strict consumer on TypeScript 5.9 and 7 (times printed).
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { root } from '../../scripts/paths.ts';
import { type ConnectProxy, startConnectProxy } from '../support/connect-proxy.ts';
import { startTestMock, type TestMock } from '../support/mock-server.ts';
import { writeStrictConsumerTsconfig } from '../support/strict-consumer.ts';

const run = promisify(execFile);
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

const consumer = `
import { createBankingClient, type Middleware } from '@banking-api/client';

const need = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(\`\${name} is not set\`);
  return value;
};
const spans: { name: string; status: number | undefined; ms: number }[] = [];
const started = new Map<string, number>();
const tracing: Middleware = {
  onRequest({ request, id }) {
    started.set(id, performance.now());
    request.headers.set('traceparent', '${TRACEPARENT}');
  },
  onResponse({ response, schemaPath, id }) {
    spans.push({ name: schemaPath, status: response.status, ms: performance.now() - (started.get(id) ?? 0) });
  },
};
const client = createBankingClient({
  baseUrl: need('BASE_URL'),
  environment: 'sandbox',
  tls: { cert: need('CERT'), key: need('KEY'), ca: need('CA') },
  token: async ({ signal }) => {
    signal.throwIfAborted();
    return need('TOKEN');
  },
});
client.use(tracing);
const { data, response } = await client.GET('/hb/webhook/logs', { params: { query: { webhookId: 'wh-1' } } });
console.log(JSON.stringify({ status: response.status, isArray: Array.isArray(data?.data), spans }));
await client.close();
`;

let mock: TestMock;
let proxy: ConnectProxy;
let registry: Server;
const registryHits: string[] = [];
let work: string;

beforeAll(async () => {
  [mock, proxy] = await Promise.all([startTestMock(), startConnectProxy()]);
  registry = createServer((req, res) => {
    registryHits.push(`${req.method} ${req.url}`);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  work = mkdtempSync(join(tmpdir(), 'offline-consumer-'));
}, 60_000);
afterAll(async () => {
  await Promise.all([mock?.stop(), proxy?.close(), new Promise((resolve) => registry?.close(resolve))]);
});

it('installs from the tarball set without asking a registry, traces, goes through the proxy, compiles on TS 5.9 and 7', async () => {
  const set = join(work, 'set');
  await run('npm', ['run', '--silent', 'pack:offline', '--', '--out', set], { cwd: root });
  const tarballs = readdirSync(set).map((file) => join(set, file));
  expect(tarballs.map((file) => file.split('/').pop())).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^banking-api-client-/),
      expect.stringMatching(/^undici-/),
    ]),
  );

  const project = join(work, 'project');
  await run('mkdir', ['-p', project]);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'team', private: true, type: 'module' }),
  );
  const { port } = registry.address() as AddressInfo;
  const env = {
    ...process.env,
    npm_config_registry: `http://127.0.0.1:${port}/`, // records and refuses: "unreachable", but we see any ask
    npm_config_cache: join(work, 'empty-npm-cache'),
    npm_config_update_notifier: 'false',
  };
  // The README's command: npm install --offline --no-audit --no-fund <set>/*.tgz
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', ...tarballs], { cwd: project, env });
  expect(registryHits).toEqual([]);

  writeFileSync(join(project, 'main.ts'), consumer);
  const times: Record<string, number> = {};
  for (const [name, tsc] of [
    ['5.9', 'node_modules/typescript/bin/tsc'],
    ['7', 'node_modules/typescript7/bin/tsc'],
  ] as const) {
    writeStrictConsumerTsconfig(project, ['main.ts'], `out-${name}`);
    const started = performance.now();
    await run(process.execPath, [join(root, tsc), '-p', project]);
    times[name] = performance.now() - started;
  }
  console.log(
    `strict consumer compile: TypeScript 5.9 ${times['5.9']?.toFixed(0)} ms, 7 ${times['7']?.toFixed(0)} ms`,
  );

  const { mock: m } = mock;
  const tunnelsBefore = proxy.tunnels.length;
  const { stdout } = await run(process.execPath, [join(project, 'out-7/main.js')], {
    env: {
      ...process.env,
      BASE_URL: mock.url,
      CERT: m.clients.sandbox.cert,
      KEY: m.clients.sandbox.key,
      CA: m.ca,
      TOKEN: await mock.token(),
      HTTPS_PROXY: proxy.url,
      NO_PROXY: '',
    },
  });
  expect(JSON.parse(stdout)).toMatchObject({
    status: 200,
    isArray: true,
    spans: [{ name: '/hb/webhook/logs', status: 200 }],
  });
  const { hostname, port: mockPort } = new URL(mock.url);
  expect(proxy.tunnels.slice(tunnelsBefore)).toEqual([`${hostname}:${mockPort}`]);
  const seen = m.journal.entries().at(-1);
  expect(seen?.headers.traceparent).toBe(TRACEPARENT);
}, 240_000);
