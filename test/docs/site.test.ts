// The built reference site in real Chromium, served as docs:serve serves it (CSP and all) and from disk: every
// operation reachable and found first by its name and its path, the reader's guides and no maintainer page,
// samples in every language with the reader's choice kept, nothing clipped or scrolling sideways at 1280 px or
// on a phone, an axe-core scan, no console error and no request off the machine. Screenshots: test-results/.
import { readdir, readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import type { Operation } from '@banking-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type LoadedContract, loadContract } from '../../model/load.ts';
import { GUIDE_FILES, readGuides } from '../../pipeline/docs/guides.ts';
import { CHANGELOG, docs, docsDir, OPEN_QUESTIONS, siteDir } from '../../pipeline/docs/index.ts';
import { SAMPLE_LANGUAGES } from '../../pipeline/docs/samples/index.ts';
import { root, specPath } from '../../scripts/paths.ts';
import { serveSite } from '../../tools/docs-serve/static-server.ts';
import { axeViolations } from '../support/axe.ts';
import { type Browser, isLocal, launch, waitForSite } from '../support/browser.ts';

const resultsDir = path.join(root, 'test-results');
let browser: Browser;
let server: Server;
let url: string;
let contract: LoadedContract;
let ops: readonly Operation[];

beforeAll(async () => {
  contract = await loadContract(specPath);
  ops = contract.model.operations;
  await docs(contract);
  ({ server, url } = await serveSite(siteDir));
  browser = await launch();
  browser.page.setDefaultTimeout(10_000);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const open = async (file: string) => {
  await browser.page.goto(`${url}${file}`);
  await waitForSite(browser.page);
};

/** The results a search for `query` shows, as [title, href]. */
async function search(query: string): Promise<[string, string][]> {
  const { page } = browser;
  await page.fill('#search', '');
  await page.fill('#search', query);
  await page.waitForFunction((q) => document.documentElement.dataset.searchAnswered === q, query);
  return page.$$eval('#search-results [role="option"]', (links) =>
    links.map((a) => [
      a.querySelector('.result-title')?.textContent?.trim() ?? '',
      a.getAttribute('href') ?? '',
    ]),
  );
}

/** Elements that scroll sideways or reach past the viewport, within `selector`. Runs in the page. */
const overflowing = (selector: string) =>
  browser.page.$$eval(selector, (roots) => {
    const found: string[] = [];
    for (const root of roots) {
      if (root.getBoundingClientRect().right > window.innerWidth + 1)
        found.push(`${root.className} past the viewport`);
      for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
        if (!(el instanceof HTMLElement) || el.clientWidth === 0 || el.offsetParent === null) continue;
        if (el.scrollWidth > el.clientWidth + 1)
          found.push(
            `${el.tagName.toLowerCase()}.${el.className} ${el.scrollWidth}px in ${el.clientWidth}px: ${el.innerText.slice(0, 40)}`,
          );
      }
    }
    return found;
  });

const serious = (violations: Awaited<ReturnType<typeof axeViolations>>) =>
  violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`);

describe('reference site', () => {
  it('lists every operation on the overview, and each page shows its summary and endpoint', async () => {
    await open('index.html');
    const listed = await browser.page.$$eval('main .op-list a', (links) =>
      links.map((a) => a.getAttribute('href')),
    );
    expect(listed.length).toBe(ops.length);
    for (const href of listed) {
      await browser.page.click(`main .op-list a[href="${href}"]`);
      await waitForSite(browser.page);
      const op = ops.find((o) =>
        browser.page.url().endsWith(`.${o.operationId.toLowerCase()}.html`),
      ) as Operation;
      expect(op, browser.page.url()).toBeDefined();
      expect(await browser.page.locator('h1').innerText()).toBe(op.summary);
      expect((await browser.page.locator('.endpoint').innerText()).replace(/\s+/g, ' ')).toBe(
        `${op.method} ${op.path}`,
      );
      // The sidebar marks where the reader is.
      expect(await browser.page.locator('.sidebar [aria-current="page"]').innerText()).toContain(op.summary);
      await browser.page.goBack();
    }
  }, 180_000);

  it('finds every operation first by its name and by its path, and the Pix refund by "refund"', async () => {
    await open('index.html');
    const page = (op: Operation) =>
      `${op.tags[0]?.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${op.operationId.toLowerCase()}.html`;
    for (const op of ops) {
      expect((await search(op.summary))[0]?.[1], `${op.summary}`).toBe(page(op));
      expect((await search(op.path))[0]?.[1], `${op.path}`).toBe(page(op));
    }
    const [first] = await search('refund');
    expect(first?.[0]).toContain('Refund Pix');
    // A field name finds the operations that carry it, before any guide that mentions it.
    const byField = await search('endToEndId');
    expect(byField[0]?.[1]).toMatch(/^pix\./);
    await browser.page.keyboard.press('Enter');
    await expect.poll(() => browser.page.url()).toMatch(/pix\.\w+\.html$/);
  }, 180_000);

  it("indexes only the site's pages, words as words: no maintainer note, no words run together", async () => {
    const text = await readFile(path.join(siteDir, 'search-index.js'), 'utf8');
    const records = JSON.parse(
      JSON.parse(text.slice(text.indexOf('JSON.parse(') + 11, text.lastIndexOf('))'))),
    ) as {
      u: string;
      x: string;
    }[];
    const files = new Set(await readdir(siteDir));
    for (const r of records) expect(files.has(r.u.split('#')[0] as string), r.u).toBe(true);
    expect(text).not.toContain('Why we override the engine');
    // "Send them to the mock from a local copy" spans two lines in a note: read as words, not "acopy".
    expect(records.some((r) => /\w(and|the)(the|and)\w/.test(r.x))).toBe(false);
  });

  it("carries the consuming teams' guides, the open questions and the changelog, and no maintainer page", async () => {
    const guides = await readGuides(docsDir, await readdir(docsDir));
    expect(guides.map((g) => path.basename(g.file))).toEqual([...GUIDE_FILES]);
    for (const title of [...guides.map((g) => g.title), OPEN_QUESTIONS, CHANGELOG]) {
      await open('index.html');
      await browser.page.locator('.sidebar').getByRole('link', { name: title, exact: true }).click();
      await waitForSite(browser.page);
      expect(await browser.page.locator('h1').innerText()).toBe(title);
    }
    for (const wanted of [
      'Getting the packages',
      'Using the TypeScript client',
      'Using the mock',
      'Verifying a server',
      'Reviewing spec changes',
    ])
      expect(guides.map((g) => g.title)).toContain(wanted);
    const files = await readdir(siteDir);
    expect(files.filter((f) => /maintain|contribut/i.test(f))).toEqual([]);
    await open('open-questions.html');
    const count = ops.reduce((n, op) => n + op.gaps.length, 0) + contract.model.gaps.length;
    expect(await browser.page.locator('main').innerText()).toContain(
      `The contract leaves ${count} points open`,
    );
  }, 180_000);

  it("shows the samples in every language, keeping the reader's choice from page to page", async () => {
    await open('pix.refundpix.html');
    const tabs = browser.page.locator('.samples [role="tab"]');
    expect(await tabs.allInnerTexts()).toEqual(SAMPLE_LANGUAGES.map((l) => l.label));
    await browser.page.getByRole('tab', { name: 'Python (requests)' }).click();
    expect(await browser.page.locator('.samples [role="tabpanel"]:not([hidden])').innerText()).toContain(
      'requests.put(',
    );
    await open('transfers.sendted.html');
    const shown = browser.page.locator('.samples [role="tabpanel"]:not([hidden])');
    expect(await shown.innerText()).toContain('requests.post(');
    expect(await shown.innerText()).toContain('"x-account-id"');
    await browser.page.getByRole('tab', { name: 'curl' }).click();
  });

  it('clips nothing and scrolls nothing sideways at 1280 px, in any sample of any operation', async () => {
    const found: string[] = [];
    for (const op of ops) {
      await open(
        `${op.tags[0]?.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${op.operationId.toLowerCase()}.html`,
      );
      for (const lang of SAMPLE_LANGUAGES) {
        await browser.page.getByRole('tab', { name: lang.label }).click();
        found.push(...(await overflowing('main')).map((f) => `${op.operationId} ${lang.lang}: ${f}`));
      }
      if (op.operationId === 'refundPix')
        await browser.page.screenshot({ path: path.join(resultsDir, 'docs-refund-pix-1280.png') });
    }
    expect(found).toEqual([]);
    expect(
      await browser.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  }, 180_000);

  it('fits a phone (390 px wide): no page and no panel scrolls sideways', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const file of [
        'index.html',
        'getting-started.html',
        ...ops.map(
          (op) =>
            `${op.tags[0]?.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${op.operationId.toLowerCase()}.html`,
        ),
      ]) {
        await open(file);
        expect(await overflowing('main'), file).toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          file,
        ).toBeLessThanOrEqual(0);
      }
      await page.screenshot({ path: path.join(resultsDir, 'docs-phone.png') });
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  }, 180_000);

  it('has no serious or critical accessibility violation (axe-core) on overview, guide, operation and search', async () => {
    const found: string[] = [];
    for (const file of ['index.html', 'getting-started.html', 'pix.refundpix.html']) {
      await open(file);
      found.push(...serious(await axeViolations(browser.page)));
    }
    await search('pix');
    found.push(...serious(await axeViolations(browser.page)));
    await browser.page.screenshot({ path: path.join(resultsDir, 'docs-search.png') });
    expect(found).toEqual([]);
  });

  it('offers the bundled spec (YAML and JSON) for download, matching openapi.yaml', async () => {
    await open('index.html');
    const json = await browser.page.evaluate(async () => (await fetch('openapi.json')).json());
    expect(json).toEqual(contract.bundle);
    const yaml = await browser.page.evaluate(async () => (await fetch('openapi.yaml')).text());
    expect(parse(yaml)).toEqual(contract.bundle);
  });

  it('sends an old Redoc link (index.html#/pix/refundpix) to its page', async () => {
    await open('errors.html');
    await browser.page.goto(`${url}index.html#/pix/refundpix`);
    await expect.poll(() => browser.page.url()).toBe(`${url}pix.refundpix.html`);
    await browser.page.goto(`${url}index.html#/errors`);
    await expect.poll(() => browser.page.url()).toBe(`${url}errors.html`);
  });

  it('works from disk too (file://): pages, links and search', async () => {
    const { page } = browser;
    await page.goto(`file://${path.join(siteDir, 'index.html')}`);
    await waitForSite(page);
    expect((await search('Refund Pix'))[0]?.[1]).toBe('pix.refundpix.html');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toBe(`file://${path.join(siteDir, 'pix.refundpix.html')}`);
    expect(await page.locator('h1').innerText()).toBe('Refund Pix');
  });

  it('logged no console error and sent no request off the machine', () => {
    expect(browser.errors).toEqual([]);
    expect(browser.requests.filter((u) => !isLocal(u))).toEqual([]);
    expect(browser.requests.filter((u) => u.endsWith('/search-index.js')).length).toBeGreaterThanOrEqual(2);
  });
});
