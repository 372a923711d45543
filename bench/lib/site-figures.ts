// The reference site's figures beside plain Redoc's, measured in one run (bench/docs.ts, bench/scale.ts): the
// bytes of a usable first page, the median time to a usable page over alternated loads, and our search's time
// from a keystroke to its answer.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { LoadedContract } from '../../model/load.ts';
import type { DocsOptions } from '../../pipeline/docs/index.ts';
import type { Browser } from '../../scripts/chromium.ts';
import { serveSite } from '../../tools/docs-serve/static-server.ts';
import {
  cdnBuild,
  keystrokeTimes,
  SEARCH_WORD,
  serveCdnScript,
  standaloneScript,
  usableTime,
} from './page-load.ts';
import { servePlain } from './plain-server.ts';

/** What our first page needs to be usable: the page, its style and script, and the search index it loads. */
export const firstPageFiles = ['index.html', 'site.css', 'site.js', 'search-index.js', 'logo.svg'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const size = async (file: string) => (await stat(file)).size;

export interface SiteFigures {
  bytes: { ours: number; redoc: number };
  usable: { ours: number; redoc: number };
  keystroke: { median: number; max: number };
  query: string;
}

/** The site's options (guides: ours only), and a word its search finds (for another contract, one of its own). */
export type SiteSubject = DocsOptions & { word?: string };

export async function measureSite(
  browser: Browser,
  contract: LoadedContract,
  site: string,
  work: string,
  rounds: number,
  { word = SEARCH_WORD, ...options }: SiteSubject = {},
): Promise<SiteFigures> {
  const cdnDir = path.join(work, 'redoc');
  const scriptUrl = await cdnBuild(contract, cdnDir, site, options);
  const standalone = await standaloneScript();
  await serveCdnScript(browser, scriptUrl, standalone);
  let ours = 0;
  for (const file of firstPageFiles) ours += await size(path.join(site, file));
  const redocBytes = (await size(path.join(cdnDir, 'index.html'))) + standalone.length;
  const oursSite = await serveSite(site, 0);
  const redocSite = await servePlain(cdnDir);
  try {
    const times = { ours: [] as number[], redoc: [] as number[] };
    const pair = [
      ['ours', oursSite.url],
      ['redoc', redocSite.url],
    ] as const;
    // The first pair warms the browser; then alternated, the first of each pair switching every pair.
    for (let i = 0; i <= 2 * rounds; i++)
      for (const [side, url] of i % 2 ? [...pair].reverse() : pair) {
        const t = await usableTime(browser, url, side, word);
        if (i > 0) times[side].push(t);
      }
    const query = word === SEARCH_WORD ? `${SEARCH_WORD} pix` : word;
    const keys = [] as number[];
    for (let i = 0; i < Math.max(1, Math.ceil(rounds / 2)); i++)
      keys.push(...(await keystrokeTimes(browser, oursSite.url, query)));
    return {
      bytes: { ours, redoc: redocBytes },
      usable: { ours: median(times.ours), redoc: median(times.redoc) },
      keystroke: { median: median(keys), max: Math.max(...keys) },
      query,
    };
  } finally {
    oursSite.server.close();
    redocSite.server.close();
  }
}
