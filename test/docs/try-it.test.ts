// Try it against the mock (`npm run docs:serve`): the panels in Chromium send a JSON, a multipart (CNAB
// upload) and a scoped (webhook) operation through the docs server to a real mock, and show its validation
// errors; the proxy forwards only the contract's operations, only to the mock, bounded in size and time.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer, type Server as NetServer } from 'node:net';
import type { Operation } from '@banking-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoadedContract, loadContract } from '../../model/load.ts';
import { operationAnchor } from '../../pipeline/docs/anchors.ts';
import { docs, siteDir } from '../../pipeline/docs/index.ts';
import { specPath } from '../../scripts/paths.ts';
import { TRY_IT_SECRET_HEADER } from '../../tools/docs-serve/guard.ts';
import { serveSite } from '../../tools/docs-serve/static-server.ts';
import { createTryIt, type TryItOptions } from '../../tools/docs-serve/try-it.ts';
import { axeViolations } from '../support/axe.ts';
import { type Browser, isLocal, launch, waitForSite } from '../support/browser.ts';
import { startTestMock, type TestMock } from '../support/mock-server.ts';

let contract: LoadedContract;
let mock: TestMock;
let browser: Browser;
const servers: (Server | NetServer)[] = [];
let url: string;
/** The secret of the test's docs servers: the proxy's own tests send it as the page would. */
const SECRET = 'test-secret';
const withSecret = { [TRY_IT_SECRET_HEADER]: SECRET };

/** The docs server as docs:serve runs it, with try-it pointed at `mockUrl`. */
async function docsServer(options: Partial<TryItOptions> = {}): Promise<string> {
  const tryIt = createTryIt({
    mockUrl: mock.url,
    pkiDir: mock.mock.pki.dir,
    model: () => contract.model,
    secret: SECRET,
    ...options,
  });
  const site = await serveSite(siteDir, 0, tryIt);
  servers.push(site.server);
  expect((site.server.address() as AddressInfo).address).toBe('127.0.0.1');
  return site.url;
}

beforeAll(async () => {
  contract = await loadContract(specPath);
  [mock] = await Promise.all([startTestMock(), docs(contract)]);
  url = await docsServer();
  browser = await launch();
  browser.page.setDefaultTimeout(15_000);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(
    servers.map((s) => {
      const closed = new Promise((resolve) => s.close(resolve));
      if ('closeAllConnections' in s) s.closeAllConnections(); // keep-alive sockets of fetch
      return closed;
    }),
  );
  await mock?.stop();
});

const byId = (operationId: string) =>
  contract.model.operations.find((op) => op.operationId === operationId) as Operation;

/** The try-it form of an operation, on its page. */
async function panelOf(op: Operation) {
  const { page } = browser;
  await page.goto(`${url}${operationAnchor(op).slice(2).replace('/', '.')}.html`);
  await waitForSite(page);
  const form = page.locator(`[data-try-it="${operationAnchor(op).slice(2)}"]`);
  await form.waitFor();
  return form;
}

/** Presses Send and returns what the panel shows once the answer is in. */
async function send(form: Awaited<ReturnType<typeof panelOf>>): Promise<string> {
  const output = form.locator('.try-it-response');
  await output.evaluate((el) => {
    el.textContent = '';
  });
  await form.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => output.innerText(), { timeout: 15_000 }).toMatch(/^(HTTP \d{3}|Not sent)/);
  return output.innerText();
}

describe('try it against the mock', () => {
  it('sends a JSON operation with its named example and shows the answer', async () => {
    const op = byId('refundPix');
    const form = await panelOf(op);
    const example = op.requestBody?.content[0]?.examples[0]?.value;
    expect(JSON.parse(await form.locator('[data-body]').inputValue())).toEqual(example);
    const answer = await send(form);
    expect(answer).toMatch(/^HTTP 2\d\d/);
    await browser.page.screenshot({ path: 'test-results/docs-try-it.png' });
  });

  it("shows the mock's validation errors for an edited body that breaks the contract", async () => {
    const form = await panelOf(byId('refundPix'));
    await form.locator('[data-body]').fill('{"amount": "fifty"}');
    const answer = await send(form);
    expect(answer).toMatch(/^HTTP 400/);
    expect(answer).toContain('VALIDATION_ERROR');
    expect(answer).toMatch(/amount/);
  });

  it('uploads the CNAB 240 example file (multipart)', async () => {
    const op = contract.model.operations.find((o) =>
      o.requestBody?.content[0]?.fields?.some((f) => f.binary),
    );
    expect(op?.operationId).toBe('uploadCnab240File');
    const answer = await send(await panelOf(op as Operation));
    expect(answer).toMatch(/^HTTP 2\d\d/);
  });

  it("sends a scoped operation with a token carrying the operation's scopes", async () => {
    const op = byId('tryWebhook');
    const form = await panelOf(op);
    expect(await form.innerText()).toContain('scopes webhook.write');
    expect(await send(form)).toMatch(/^HTTP 2\d\d/);
  });

  it('has no serious or critical accessibility violation in a panel (axe-core)', async () => {
    const { page } = browser;
    await panelOf(byId('tryWebhook'));
    const violations = (await axeViolations(page, '[data-try-it]'))
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id);
    expect(violations).toEqual([]);
  });

  it('logged no console error and sent nothing off the machine', () => {
    expect(browser.errors).toEqual([]);
    expect(browser.requests.filter((u) => !isLocal(u))).toEqual([]);
  });
});

describe('the try-it proxy', () => {
  const sendUrl = (path: string) => `${url}__try-it/send${path}`;

  it('forwards only operations of the contract', async () => {
    const ted = byId('sendTed');
    const send = (path: string, method: string) => fetch(sendUrl(path), { method, headers: withSecret });
    expect((await send('/hb/not-an-operation', 'POST')).status).toBe(404);
    expect((await send(ted.path, 'DELETE')).status).toBe(405);
    // A second slash would make another host of the path in a careless URL join: not an operation here.
    expect((await send(`//example.com${ted.path}`, 'POST')).status).toBe(404);
    // A malformed percent-escape is a bad path, not a crash.
    expect((await send('/hb/%E0%A4%A', 'POST')).status).toBeLessThan(500);
    expect((await fetch(url)).status).toBe(200);
  });

  it('refuses a body over its limit', async () => {
    const op = byId('refundPix');
    const path = op.path.replace(/\{[^}]+\}/g, 'x');
    const response = await fetch(sendUrl(path), {
      method: op.method,
      headers: withSecret,
      body: 'x'.repeat(2 << 20),
    });
    expect(response.status).toBe(413);
  });

  it('gives up on a mock that does not answer in time', async () => {
    // Accepts, never speaks TLS; its sockets end with the test, so the server can close.
    const silent = createServer((socket) => setTimeout(() => socket.destroy(), 1_000));
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const stuck = await docsServer({
      mockUrl: `https://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      timeoutMs: 300,
    });
    const started = performance.now();
    const response = await fetch(`${stuck}__try-it/send${byId('listWebhookLogs').path}`, {
      headers: withSecret,
    });
    expect(response.status).toBe(502);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
