// Time to a hydrated and to a searchable reference page in Chromium (through DevTools), for our site and for
// Redoc's own CDN build of the same docs spec: bench/docs.ts and bench/scale.ts. The CDN build cannot reach its
// CDN here: its script is answered from the identical local file, so its figure has no network time in it.
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { renderInput } from '../../pipeline/docs/index.ts';
import { renderWithCli } from '../../pipeline/docs/redoc.ts';
import { type Browser, waitForHydration } from '../../scripts/chromium.ts';
import { root } from '../../scripts/paths.ts';

export const SEARCH_WORD = 'refund';

/** Redoc's standalone script, as the CLI pins it (by an SRI hash) in its CDN build. */
export const standaloneScript = (): Promise<Buffer> =>
  readFile(path.join(root, 'node_modules/@redocly/cli/lib/chunks/redoc.standalone.js'));

/**
 * Plain Redoc: the same page, spec, options and template as ours, rendered without --inlineBundle into `dir`
 * with the site's logo; the URL of the script it loads from Redoc's CDN.
 */
export async function cdnBuild(specFile: string, dir: string, logo: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  await renderWithCli({
    ...(await renderInput(path.join(dir, 'index.html'), specFile)),
    inlineBundle: false,
  });
  await copyFile(logo, path.join(dir, 'logo.svg'));
  const html = await readFile(path.join(dir, 'index.html'), 'utf8');
  const url = /https:\/\/cdn\.redocly\.com\/redoc\/v[^"]+\/redoc\.standalone\.js/.exec(html)?.[0];
  if (!url) throw new Error('bench: the CDN build names no redoc.standalone.js');
  return url;
}

/** The browser answers the CDN script's URL with the local file. */
export async function serveCdnScript(browser: Browser, url: string, standalone: Buffer): Promise<void> {
  await browser.context.route(url, (route) =>
    route.fulfill({
      body: standalone,
      contentType: 'text/javascript',
      headers: { 'access-control-allow-origin': '*' },
    }),
  );
}

/**
 * ms since navigation when Redoc's search is ready: its trigger reads "Search" (it reads "Loading..." while the
 * index is built), checked every frame in the page. Typing then only adds Redoc's fixed 500 ms debounce.
 */
export const SEARCH_READY = `new Promise((resolve) => {
  const check = () => (document.querySelector('[data-testid="search-trigger"]')?.textContent ?? '').startsWith('Search')
    ? resolve(performance.now()) : requestAnimationFrame(check);
  check();
})`;

/** A search for `word` finds something: the ready search is a working one (not timed). */
export async function searchWorks(page: Page, word = SEARCH_WORD): Promise<void> {
  await page
    .getByText(/^Search/)
    .first()
    .click();
  await page.keyboard.type(word);
  await page.locator('[data-component-name="Search/SearchItem"]').first().waitFor({ timeout: 120_000 });
}

export type LoadTimes = { hydrated: number; searchable: number };

/** One fresh load (cache off): ms from navigation to hydrated, and to a ready search that finds `word`. */
export async function loadTimes(browser: Browser, url: string, word = SEARCH_WORD): Promise<LoadTimes> {
  const page = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(url, { waitUntil: 'commit' });
  await waitForHydration(page, 120_000);
  const hydrated = await page.evaluate(() => performance.now()); // ms since navigation start
  const searchable = (await page.evaluate(SEARCH_READY)) as number;
  await searchWorks(page, word);
  await page.close();
  return { hydrated, searchable };
}
