// The try-it relay of `docs:serve` against web pages that are not its own, in real Chromium: a page of another
// origin posting text/plain cross-site, a DNS-rebound name of the relay's own address, and a sandboxed frame
// (Origin: null). None may make it forward (the stand-in mock counts connections: a forwarded request is one,
// with a freshly minted token), and a malformed request never stops the server. The relay's own page, with
// its secret, goes through: the control that shows the counter would see a forward.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer, type Server as NetServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Operation } from '@banking-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoadedContract, loadContract } from '../../model/load.ts';
import { specPath } from '../../scripts/paths.ts';
import { TRY_IT_SECRET_HEADER } from '../../tools/docs-serve/guard.ts';
import { type SiteExtension, serveSite } from '../../tools/docs-serve/static-server.ts';
import { createTryIt } from '../../tools/docs-serve/try-it.ts';
import { type Browser, launch } from '../support/browser.ts';
import { testPki } from '../support/mock-server.ts';

const REBOUND = 'rebind.test';
let contract: LoadedContract;
let browser: Browser;
let dir: string;
let relayUrl: string;
let attackerUrl: string;
let forwarded = 0;
const statuses: number[] = [];
const closers: (() => void)[] = [];

/** The relay's own page: the secret in its head, as docs:serve writes it. */
const OWN_PAGE = '<!DOCTYPE html><html><head><title>site</title></head><body>site</body></html>';

beforeAll(async () => {
  contract = await loadContract(specPath);
  dir = await mkdtemp(path.join(os.tmpdir(), 'relay-hostile-'));
  await writeFile(path.join(dir, 'index.html'), OWN_PAGE);
  // Stands in for the mock: every connection the relay opens is a forward; it is dropped at once.
  const mock: NetServer = createServer((socket) => {
    forwarded++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => mock.listen(0, '127.0.0.1', resolve));
  closers.push(() => mock.close());
  const tryIt = createTryIt({
    mockUrl: `https://127.0.0.1:${(mock.address() as { port: number }).port}`,
    pkiDir: (await testPki()).dir,
    model: () => contract.model,
  });
  // Every answer of a try-it route, recorded: what the relay said to each attempt.
  const recorded: SiteExtension = {
    head: tryIt.head,
    async handle(req, res) {
      res.on('finish', () => {
        if (req.url?.startsWith('/__try-it/send')) statuses.push(res.statusCode);
      });
      return tryIt.handle(req, res);
    },
  };
  const relay = await serveSite(dir, 0, recorded);
  closers.push(() => relay.server.close());
  relayUrl = relay.url;
  // Another origin (another port), serving a page of its own with no policy that would stop its requests.
  const attacker = createHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><title>elsewhere</title>');
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  closers.push(() => attacker.close());
  attackerUrl = `http://127.0.0.1:${(attacker.address() as { port: number }).port}/`;
  browser = await launch({ args: [`--host-resolver-rules=MAP ${REBOUND} 127.0.0.1`] });
  // The test kit aborts requests off the machine; the rebound name is this machine.
  await browser.context.route(`http://${REBOUND}:*/**`, (route) => route.continue());
}, 60_000);

afterAll(async () => {
  await browser?.close();
  for (const close of closers) close();
  await rm(dir, { recursive: true, force: true });
});

const op = () => contract.model.operations.find((o) => o.operationId === 'listWebhookLogs') as Operation;
const sendPath = () => `/__try-it/send${op().path}?webhookId=wh-1`;

/** Waits until the relay has answered `count` sends in all, and returns the statuses of the last `n`. */
async function lastStatuses(count: number, n: number): Promise<number[]> {
  await expect.poll(() => statuses.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return statuses.slice(-n);
}

/** A raw HTTP/1.1 request with any Host and headers (fetch will not set Host). */
function raw(pathname: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(relayUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: pathname, headers, method: 'GET' },
      (res) => {
        let body = '';
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the try-it relay and pages that are not its own', () => {
  it('forwards a request of its own page, which carries the secret (the control)', async () => {
    const { page } = browser;
    await page.goto(relayUrl);
    const status = await page.evaluate(
      async ([path, header]) => {
        const secret = document.querySelector('meta[name="try-it-secret"]')?.getAttribute('content') ?? '';
        return (await fetch(path, { headers: { [header]: secret } })).status;
      },
      [sendPath(), TRY_IT_SECRET_HEADER] as const,
    );
    expect(status).toBe(502); // the stand-in drops the connection: the relay did try
    expect(forwarded).toBe(1);
  });

  it('refuses a cross-site text/plain POST from a page of another origin', async () => {
    const { page } = browser;
    await page.goto(attackerUrl);
    const before = statuses.length;
    await page.evaluate(
      async ([target]) => {
        // A "simple" request: no preflight, so the browser sends it and only hides the answer (here it even
        // fails: the relay's Cross-Origin-Resource-Policy withholds its answer from another origin).
        await fetch(target, {
          method: 'POST',
          mode: 'no-cors',
          headers: { 'content-type': 'text/plain' },
          body: '{"webhookId":"wh-1"}',
        }).catch(() => undefined);
      },
      [`${relayUrl.slice(0, -1)}/__try-it/send/hb/webhook/test`] as const,
    );
    expect(await lastStatuses(before + 1, 1)).toEqual([403]);
    expect(forwarded).toBe(1);
  });

  it('refuses a DNS-rebound name of its own address, the page and the relay alike', async () => {
    const { page } = browser;
    const rebound = relayUrl.replace('127.0.0.1', REBOUND);
    const response = await page.goto(rebound);
    expect(response?.status()).toBe(421);
    expect(await page.content()).not.toContain('try-it-secret');
    // Now the same origin as far as the browser knows; it still names a foreign Host.
    const status = await page.evaluate(
      async ([path, header]) => (await fetch(path, { headers: { [header]: 'guessed' } })).status,
      [sendPath(), TRY_IT_SECRET_HEADER] as const,
    );
    expect(status).toBe(421);
    expect(forwarded).toBe(1);
  });

  it('refuses Origin: null (a sandboxed frame)', async () => {
    const { page } = browser;
    await page.goto(attackerUrl);
    const before = statuses.length;
    await page.evaluate(
      ([target]) => {
        const frame = document.createElement('iframe');
        frame.setAttribute('sandbox', 'allow-scripts');
        frame.srcdoc = `<script>fetch(${JSON.stringify(target)}, { method: 'POST', mode: 'no-cors', body: 'x' })</script>`;
        document.body.append(frame);
      },
      [`${relayUrl.slice(0, -1)}${sendPath()}`] as const,
    );
    expect(await lastStatuses(before + 1, 1)).toEqual([403]);
    expect(forwarded).toBe(1);
  });

  it('refuses a request with the secret but another Origin, Origin: null or a cross-site fetch', async () => {
    const secret = /name="try-it-secret" content="([^"]+)"/.exec(await (await fetch(relayUrl)).text())?.[1];
    expect(secret).toBeTruthy();
    const host = new URL(relayUrl).host;
    const withSecret = { host, [TRY_IT_SECRET_HEADER]: secret as string };
    const attempts: Record<string, string>[] = [
      { ...withSecret, origin: 'http://evil.test' },
      { ...withSecret, origin: 'null' },
      { ...withSecret, 'sec-fetch-site': 'cross-site' },
      { host, [TRY_IT_SECRET_HEADER]: `${secret}x` },
      { host },
    ];
    for (const headers of attempts)
      expect((await raw(sendPath(), headers)).status, JSON.stringify(headers)).toBe(403);
    expect(
      (await raw(sendPath(), { ...withSecret, host: `${REBOUND}:${new URL(relayUrl).port}` })).status,
    ).toBe(421);
    expect(forwarded).toBe(1);
  });

  it('answers a malformed percent-escape 400 and keeps serving', async () => {
    const host = new URL(relayUrl).host;
    expect((await raw('/%E0%A4%A', { host })).status).toBe(400);
    expect((await raw('/%zz.html', { host })).status).toBe(400);
    expect((await raw('/__try-it/send/hb/%E0%A4%A', { host })).status).toBe(403);
    expect((await fetch(relayUrl)).status).toBe(200);
  });

  it('serves the site with its security headers', async () => {
    const response = await fetch(relayUrl);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
  });
});
