// Time to a usable reference page in Chromium (operations listed, search answering), for our site and for plain
// Redoc (build-docs' CDN build of the same content, bench/lib/redoc-baseline.ts), and how fast our search
// answers each keystroke: bench/docs.ts and bench/scale.ts. Redoc's CDN script is answered from the identical
// local file, so its figure has no network time in it.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadedContract } from '../../model/load.ts';
import type { DocsOptions } from '../../pipeline/docs/index.ts';
import type { Browser } from '../../scripts/chromium.ts';
import { root } from '../../scripts/paths.ts';
import { renderWithCli } from './redoc.ts';
import { redocInput, redocSpec } from './redoc-baseline.ts';

export const SEARCH_WORD = 'refund';

/** Redoc's standalone script, as the CLI pins it (by an SRI hash) in its CDN build. */
export const standaloneScript = (): Promise<Buffer> =>
  readFile(path.join(root, 'node_modules/@redocly/cli/lib/chunks/redoc.standalone.js'));

/** Plain Redoc of `contract` in `dir` (page, logo, the spec download); the URL of the script it loads from Redoc's CDN. */
export async function cdnBuild(
  contract: LoadedContract,
  dir: string,
  site: string,
  options: DocsOptions = {},
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const specFile = path.join(dir, 'openapi.docs.json');
  await writeFile(specFile, JSON.stringify(await redocSpec(contract, options)));
  await renderWithCli({ ...redocInput(path.join(dir, 'index.html'), specFile), inlineBundle: false });
  await copyFile(path.join(site, 'openapi.json'), path.join(dir, 'openapi.json'));
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
 * In our page: ms since navigation when a search typed at the first moment the box works has answered, with
 * results (every frame: once site.js is ready, the word goes in; then the answer is awaited).
 */
const OURS_USABLE = (word: string) => `new Promise((resolve) => {
  let typed = false;
  const check = () => {
    const input = document.getElementById('search');
    if (!typed && input && document.documentElement.dataset.ready === 'true') {
      input.value = ${JSON.stringify(word)};
      input.dispatchEvent(new Event('input'));
      typed = true;
    }
    const answered = document.documentElement.dataset.searchAnswered === ${JSON.stringify(word)} &&
      document.querySelector('#search-results [role="option"]') && document.querySelector('main .op-list, .sidebar');
    answered ? resolve(performance.now()) : requestAnimationFrame(check);
  };
  check();
})`;

/** In Redoc's page: ms since navigation when its search is ready (its trigger stops reading "Loading..."), hydrated. */
const REDOC_USABLE = `new Promise((resolve) => {
  const check = () => {
    const link = document.querySelector('#redoc a');
    const hydrated = link && Object.keys(link).some((k) => k.startsWith('__reactFiber'));
    const ready = (document.querySelector('[data-testid="search-trigger"]')?.textContent ?? '').startsWith('Search');
    hydrated && ready ? resolve(performance.now()) : requestAnimationFrame(check);
  };
  check();
})`;

/** One fresh load (cache off): ms from navigation to a usable page. */
export async function usableTime(
  browser: Browser,
  url: string,
  side: 'ours' | 'redoc',
  word = SEARCH_WORD,
): Promise<number> {
  const page = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(url, { waitUntil: 'commit' });
  const ms = (await page.evaluate(side === 'ours' ? OURS_USABLE(word) : REDOC_USABLE)) as number;
  await page.close();
  return ms;
}

/**
 * ms from each keystroke of `query` (typed a letter at a time into our search box, the index loaded) to its
 * answer on screen: the input event, the ranking, and the results drawn in the next frame.
 */
export async function keystrokeTimes(browser: Browser, url: string, query: string): Promise<number[]> {
  const page = await browser.context.newPage();
  await page.goto(url);
  const times = (await page.evaluate(`(async () => {
    const input = document.getElementById('search');
    input.focus();
    while (document.documentElement.dataset.search !== 'ready') await new Promise((r) => setTimeout(r, 20));
    const times = [];
    const query = ${JSON.stringify(query)};
    for (let i = 1; i <= query.length; i++) {
      const value = query.slice(0, i);
      const started = performance.now();
      input.value = value;
      input.dispatchEvent(new Event('input'));
      while (document.documentElement.dataset.searchAnswered !== value) await new Promise((r) => requestAnimationFrame(r));
      await new Promise((r) => requestAnimationFrame(r)); // drawn
      times.push(performance.now() - started);
    }
    return times;
  })()`)) as number[];
  await page.close();
  return times;
}
