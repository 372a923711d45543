// Requests per second over ONE keep-alive mTLS connection, measured in one run:
//   (a) raw undici.request, (b) plain openapi-fetch with an undici dispatcher, (c) @banking-api/client.
// Prints c/a (target >= 1.0, with the client's deadline and size limit on), c/b and the server's TLS handshake count (should equal connections: 3).
// Variants run in interleaved batches (each round in the next of the six orders of the three, so that each
// variant follows each other one equally often: a plain rotation kept c always right after b, paying for
// openapi-fetch's garbage, which measured c/a 0.86 where separate processes gave 1.06) so load drift on a shared machine
// hits all three alike. The client is measured as shipped: its public entry, the dist/ of `npm run build`.
// Run: npm run build && npx tsx bench/client.ts [--requests 6000] [--batch 100]
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createBankingClient, type paths } from '@banking-api/client';
import { makeCa, makeClientCert, makeServerCert } from '@banking-api/mock';
import createClient from 'openapi-fetch';
import { Agent } from 'undici';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '6000' }, batch: { type: 'string', default: '100' } },
});
const batch = Number(values.batch);
const rounds = Math.ceil(Number(values.requests) / batch);

const ca = makeCa('Bench CA');
const serverPair = makeServerCert(ca, ['127.0.0.1']);
const clientPair = makeClientCert(ca, 'bench-client');
const server = fork(fileURLToPath(new URL('./client.server.ts', import.meta.url)), {
  execArgv: ['--import', 'tsx'],
  env: {
    ...process.env,
    BENCH_TLS: JSON.stringify({ key: serverPair.key, cert: serverPair.cert, ca: ca.cert }),
  },
});
const ask = <T>(message?: string) =>
  new Promise<T>((resolve) => {
    server.once('message', (reply) => resolve(reply as T));
    if (message) server.send(message);
  });
const { port } = await ask<{ port: number }>();
const origin = `https://127.0.0.1:${port}`;
const tls = { cert: clientPair.cert, key: clientPair.key, ca: ca.cert };
const path = '/hb/multi-access/otp/validate';
const body = { context: 'login', code: '123456' };
const token = 'bench-token';

// (a) raw undici.request
const rawAgent = new Agent({ connect: tls, connections: 1 });
const raw = async () => {
  const res = await rawAgent.request({
    origin,
    path,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return res.body.json();
};

// (b) plain openapi-fetch: global fetch with the undici dispatcher
const fetchAgent = new Agent({ connect: tls, connections: 1 });
const plain = createClient<paths>({
  baseUrl: origin,
  headers: { authorization: `Bearer ${token}` },
  requestInitExt: { dispatcher: fetchAgent },
});
const viaOpenapiFetch = async () => (await plain.POST(path, { body })).data;

// (c) our client, bounds on: one deadline per call, a response size limit, a request id per call
const ours = createBankingClient({
  baseUrl: origin,
  tls,
  token,
  connections: 1,
  timeoutMs: 30_000,
  maxResponseBytes: 10 * 2 ** 20,
});
const viaClient = async () => (await ours.POST(path, { body })).data;

const variants: [string, () => Promise<unknown>][] = [
  ['a', raw],
  ['b', viaOpenapiFetch],
  ['c', viaClient],
];
for (const [, run] of variants) {
  const check = (await run()) as { valid?: boolean };
  if (check?.valid !== true) throw new Error('bench: unexpected answer');
  for (let i = 0; i < 300; i++) await run(); // warm-up (JIT, connection)
}
/** The six orders of three variants: each variant is preceded by each other one in two of them. */
const ORDERS = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
];
// Per round, each variant runs one batch back to back: the ratio of two batches of the same round is
// measured under the same load, and the median over rounds ignores bursts from other processes.
const elapsed: Record<string, number> = { a: 0, b: 0, c: 0 };
const ratios: Record<'ca' | 'cb' | 'ba', number[]> = { ca: [], cb: [], ba: [] };
for (let round = 0; round < rounds; round++) {
  const batchMs: Record<string, number> = {};
  for (let v = 0; v < variants.length; v++) {
    const [name, run] = variants[ORDERS[round % ORDERS.length]?.[v] ?? v] as [string, () => Promise<unknown>];
    const started = performance.now();
    for (let i = 0; i < batch; i++) await run();
    batchMs[name] = performance.now() - started;
    elapsed[name] = (elapsed[name] ?? 0) + (batchMs[name] ?? 0);
  }
  const [ta, tb, tc] = [batchMs.a, batchMs.b, batchMs.c] as [number, number, number];
  ratios.ca.push(ta / tc);
  ratios.cb.push(tb / tc);
  ratios.ba.push(ta / tb);
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? Number.NaN;
const perSecond = (name: string) => (rounds * batch) / ((elapsed[name] ?? Number.NaN) / 1000);
const [a, b, c] = ['a', 'b', 'c'].map(perSecond) as [number, number, number];
const { handshakes } = await ask<{ handshakes: number }>('handshakes');

const fmt = (n: number) => n.toFixed(0).padStart(6);
console.log(
  `sequential POST ${path}: ${rounds * batch} requests per variant, ${rounds} rounds of ${batch}, one keep-alive mTLS connection each`,
);
console.log(`(a) raw undici.request          ${fmt(a)} req/s`);
console.log(`(b) openapi-fetch + dispatcher  ${fmt(b)} req/s`);
console.log(`(c) @banking-api/client         ${fmt(c)} req/s`);
console.log(
  `median of per-round ratios: c/a = ${median(ratios.ca).toFixed(3)} (target >= 1.0)   c/b = ${median(ratios.cb).toFixed(3)}   b/a = ${median(ratios.ba).toFixed(3)}`,
);
console.log(
  `ratios of the totals:       c/a = ${(c / a).toFixed(3)}   c/b = ${(c / b).toFixed(3)}   b/a = ${(b / a).toFixed(3)}`,
);
console.log(`TLS handshakes: ${handshakes} for 3 connections and ${3 * (rounds * batch + 301)} requests`);

await Promise.all([rawAgent.close(), fetchAgent.close(), ours.close()]);
server.send('stop');
