// The built reference site in real Chromium: hydration, sidebar, search, guides, no console errors, no
// request off the machine, and an axe-core scan. One browser launch; a screenshot goes to test-results/.
import { readdir, readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import type { Operation } from '@banking-api/contract';
import type { AxeResults } from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type LoadedContract, loadContract } from '../../model/load.ts';
import { operationAnchor } from '../../pipeline/docs/anchors.ts';
import { readGuides } from '../../pipeline/docs/guides.ts';
import {
  CHANGELOG,
  changelogPath,
  docs,
  docsDir,
  OPEN_QUESTIONS,
  siteDir,
} from '../../pipeline/docs/index.ts';
import { REDOC_SCRIPT } from '../../pipeline/docs/page.ts';
import { root, specPath } from '../../scripts/paths.ts';
import { serveSite } from '../../tools/docs-serve/static-server.ts';
import { axeViolations } from '../support/axe.ts';
import { type Browser, isLocal, launch, waitForHydration } from '../support/browser.ts';

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
  await browser.page.goto(url);
  await waitForHydration(browser.page);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const sidebar = () => browser.page.locator('[data-component-name="Menu/MenuItem"]');

const scanAxe = () => axeViolations(browser.page);

const serious = (violations: AxeResults['violations']) =>
  violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('; ')}`,
    );

/** A section of the one-page reference, by its id (`pix/refundpix`, `getting-started`). */
const section = (id: string) => browser.page.locator(`[id="${id}"]`);
const inView = (id: string) =>
  section(id).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top < window.innerHeight && box.bottom > 0;
  });
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Clicks the operation in the sidebar, opening its tag first when it is collapsed. */
async function openOperation(op: Operation): Promise<void> {
  const link = sidebar().getByRole('link', {
    name: new RegExp(`^${escapeRegExp(op.summary)}\\s*${op.method}$`, 'i'),
  });
  if (!(await link.isVisible()))
    await sidebar()
      .getByRole('link', { name: op.tags[0] ?? '', exact: true })
      .click();
  await link.click();
}

/**
 * Elements in `roots` wider than their box that could scroll sideways or spill out (clipped ones, like a
 * path shortened with an ellipsis, are fine), and roots reaching past the viewport. Runs in the page.
 */
function overflowingSideways(roots: Element[]): string[] {
  const found: string[] = [];
  for (const root of roots) {
    if (root.getBoundingClientRect().right > window.innerWidth + 1) found.push('panel past the viewport');
    for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
      if (!(el instanceof HTMLElement) || el.clientWidth === 0) continue;
      if (getComputedStyle(el).overflowX === 'hidden') continue;
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(
          `${el.tagName.toLowerCase()} ${el.scrollWidth}px in ${el.clientWidth}px: ${el.innerText.slice(0, 40)}`,
        );
    }
  }
  return found;
}

const hashOf = (url: string) => decodeURIComponent(new URL(url).hash.replace(/^#\/?/, ''));

describe('reference site', () => {
  it('hydrates and shows the API title', async () => {
    expect(await browser.page.locator('h1').first().innerText()).toContain(contract.model.title);
  });

  it('styles the page with the theme the server rendered, once, and still switches to dark mode', async () => {
    const { page } = browser;
    // The theme is one `:root` rule of CSS variables; hydration no longer adds a second copy of it.
    const rootRules = () =>
      page.evaluate(
        () =>
          [...document.styleSheets]
            .flatMap((sheet) => [...sheet.cssRules])
            .filter((rule) => rule instanceof CSSStyleRule && rule.selectorText === ':root').length,
      );
    const themeColor = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-warm-grey-1'));
    expect(await rootRules()).toBe(1);
    const light = await themeColor();
    expect(light).not.toBe('');
    const switcher = page.getByTestId('color-mode-switcher');
    await switcher.click();
    await expect.poll(themeColor).not.toBe(light);
    await switcher.click();
    await expect.poll(themeColor).toBe(light);
    expect(await rootRules()).toBe(1);
  });

  it('offers the bundled spec (YAML and JSON) for download, matching openapi.yaml', async () => {
    const { page } = browser;
    for (const file of ['openapi.yaml', 'openapi.json'])
      expect(await page.locator(`a[href="${file}"]`).count(), file).toBeGreaterThan(0);
    const json = await page.evaluate(async () => (await fetch('openapi.json')).json());
    expect(json).toEqual(contract.bundle);
    const yaml = await page.evaluate(async () => (await fetch('openapi.yaml')).text());
    expect(parse(yaml)).toEqual(contract.bundle);
  });

  it('reaches every operation from the sidebar', async () => {
    const { page } = browser;
    expect(ops.length).toBeGreaterThan(0);
    for (const op of ops) {
      await openOperation(op);
      const id = hashOf(page.url());
      expect(id, op.operationId).toMatch(/\//);
      await expect.poll(() => inView(id), { message: op.operationId }).toBe(true);
      expect(await section(id).locator('h2').first().innerText()).toBe(op.summary);
    }
  });

  it('finds the Pix refund by searching "refund"', async () => {
    const { page } = browser;
    await page
      .getByText(/^Search/)
      .first()
      .click();
    await page.keyboard.type('refund');
    const first = page.locator('[data-component-name="Search/SearchItem"]').first();
    await first.waitFor();
    expect(await first.innerText()).toContain('Refund Pix');
    await first.click();
    await expect.poll(() => hashOf(page.url())).toBe('pix/refundpix');
    await expect.poll(() => inView('pix/refundpix')).toBe(true);
  });

  it('shows on an operation its security, account header, idempotency, samples and open points', async () => {
    const { page } = browser;
    const sectionOf = async (operationId: string) => {
      await openOperation(ops.find((op) => op.operationId === operationId) as Operation);
      const id = hashOf(page.url());
      await expect.poll(() => inView(id)).toBe(true);
      return section(id).innerText();
    };
    const text = await sectionOf('refundPix');
    expect(text).toContain('client certificate (mutual TLS)');
    expect(text).toContain('Authorization: Bearer');
    expect(text).toContain('Account header: not used by this operation.');
    expect(text).toContain('Idempotent by URL: {id}');
    expect(text).toContain('Not specified by the contract:');
    expect(text).toContain('curl --cert client.crt --key client.key --cacert ca.crt');
    expect(text).toContain('Named examples: request refund (Partial refund); 200 processing');
    // The TypeScript sample is one choice away from curl.
    await section('pix/refundpix')
      .locator('[data-testid="right-panel"]')
      .getByText('curl', { exact: true })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'TypeScript client' }).first().click();
    await expect
      .poll(() => section('pix/refundpix').locator('.panel-request-samples').innerText())
      .toContain("await client.PUT('/ar/pix/pix/{endToEndId}/refund/{id}'");
    await page.screenshot({ path: path.join(resultsDir, 'docs-refund-pix.png') });
    const logs = await sectionOf('listWebhookLogs');
    expect(logs).toContain('with scope webhook.read');
    expect(await sectionOf('sendTed')).toContain('Account header: required.');
  });

  it('has every guide in the sidebar, with its text, and the generated open questions', async () => {
    const { page } = browser;
    const guides = await readGuides(docsDir, await readdir(docsDir));
    for (const guide of guides) {
      await sidebar().getByRole('link', { name: guide.title, exact: true }).click();
      const id = hashOf(page.url());
      await expect.poll(() => inView(id), { message: guide.file }).toBe(true);
      expect(await section(id).innerText(), guide.file).toContain(guide.title);
      // The guide's first words made it to the page (a guide's headings become sections of their own).
      const opening = guide.body
        .replace(/^#+ .*$/m, '')
        .replace(/[`*]/g, '')
        .trim()
        .split('\n')[0]
        ?.split(/\s+/)
        .slice(0, 6)
        .join(' ');
      const content = async () => (await page.locator('#api-content').innerText()).replace(/\s+/g, ' ');
      await expect.poll(content, { message: guide.file }).toContain(opening);
    }
    // A link between guides: Getting started → Open questions.
    await sidebar().getByRole('link', { name: 'Getting started', exact: true }).click();
    await page.locator('#api-content a[href="#/open-questions"]').first().click();
    await expect.poll(() => hashOf(page.url())).toBe('open-questions');
    await expect.poll(() => inView('open-questions')).toBe(true);
    expect(await sidebar().getByRole('link', { name: OPEN_QUESTIONS, exact: true }).isVisible()).toBe(true);
    const markers = ops.reduce((n, op) => n + op.gaps.length, 0);
    const documentWide = contract.model.gaps.length;
    await expect
      .poll(() => page.locator('#api-content').innerText())
      .toContain(`The contract leaves ${markers + documentWide} points open`);
  });

  it('has a changelog page: the current version, breaking changes marked, operations linked', async () => {
    const { page } = browser;
    const markdown = await readFile(changelogPath, 'utf8');
    await sidebar().getByRole('link', { name: CHANGELOG, exact: true }).click();
    await expect.poll(() => hashOf(page.url())).toBe('changelog');
    // Each version and each of its lists is a section of its own (a heading): read them all.
    const text = async () =>
      (await page.locator('[id="changelog"], [id^="changelog/"]').allInnerTexts()).join('\n');
    await expect.poll(text).toContain(`${contract.model.version} (`);
    if (markdown.includes('\n### Breaking\n')) await expect.poll(text).toContain('Breaking:');
    // The first operation the changelog names, reached through its link.
    const op = ops.find((o) => markdown.includes(`\`${o.key}\``)) as Operation;
    expect(op, 'an operation named in CHANGELOG.md').toBeDefined();
    await page
      .locator(`#api-content a[href="${operationAnchor(op)}"]`)
      .first()
      .click();
    await expect.poll(() => `#/${hashOf(page.url())}`).toBe(operationAnchor(op));
    await expect.poll(() => inView(operationAnchor(op).slice(2))).toBe(true);
  });

  it('has no serious or critical accessibility violation (axe-core) on guide, operation and overview', async () => {
    const { page } = browser;
    const found = serious(await scanAxe()); // scrolled to the open questions
    await openOperation(ops.find((op) => op.operationId === 'refundPix') as Operation);
    found.push(...serious(await scanAxe()));
    await page.goto(url);
    await waitForHydration(page);
    found.push(...serious(await scanAxe()));
    await page.screenshot({ path: path.join(resultsDir, 'docs-site.png') });
    expect(found).toEqual([]);
  });

  it('works from disk too (file://)', async () => {
    const { page } = browser;
    await page.goto(`file://${path.join(siteDir, 'index.html')}`);
    await waitForHydration(page);
    await openOperation(ops.find((op) => op.operationId === 'refundPix') as Operation);
    await expect.poll(() => hashOf(page.url())).toBe('pix/refundpix');
    await expect.poll(() => inView('pix/refundpix')).toBe(true);
  });

  it('fits a phone (390 px wide): neither the page nor any sample panel scrolls sideways', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(url);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.body.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      for (const op of ops) {
        const anchor = operationAnchor(op);
        await page.evaluate((hash) => {
          window.location.hash = hash;
        }, anchor);
        const panels = section(anchor.slice(2)).locator('[data-testid="right-panel"]');
        await section(anchor.slice(2)).locator('.panel-request-samples').waitFor();
        expect(await panels.evaluateAll(overflowingSideways), op.operationId).toEqual([]);
      }
      expect(await page.evaluate(() => document.body.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(resultsDir, 'docs-phone.png') });
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('logged no console error and sent no request off the machine', () => {
    expect(browser.errors).toEqual([]);
    expect(browser.requests.filter((u) => !isLocal(u))).toEqual([]);
    // The recorder saw the page's real traffic: its local assets over HTTP and from disk.
    expect(browser.requests.filter((u) => u.endsWith('/logo.svg')).length).toBeGreaterThanOrEqual(2);
    // Redoc's script is a file of its own (pipeline/docs/page.ts), over HTTP and from disk alike.
    expect(browser.requests.filter((u) => u.endsWith(`/${REDOC_SCRIPT}`)).length).toBeGreaterThanOrEqual(2);
  });
});
