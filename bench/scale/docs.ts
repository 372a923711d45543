// The reference site of a subject (as its build made it) beside plain Redoc (build-docs' CDN build of the
// same docs spec): what a reader downloads, and the time to a hydrated and to a searchable page in Chromium.
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ContractModel } from '@banking-api/contract';
import { loadContract } from '../../model/load.ts';
import { pageSpec } from '../../pipeline/docs/index.ts';
import { launch } from '../../scripts/chromium.ts';
import { serveSite } from '../../tools/docs-serve/static-server.ts';
import type { Subject } from '../lib/clis.ts';
import {
  cdnBuild,
  type LoadTimes,
  loadTimes,
  SEARCH_WORD,
  serveCdnScript,
  standaloneScript,
} from '../lib/page-load.ts';
import { median, type Row } from './stats.ts';

/** A word the site's search finds in another contract: the longest of its first operation's summary. */
function searchWordOf(model: ContractModel): string {
  const words = (model.operations[0]?.summary ?? '').split(/[^\p{L}\p{N}]+/u);
  return words.reduce((a, b) => (b.length > a.length ? b : a), '') || 'GET';
}

/** Bytes of the files a reader's browser loads from a site folder (not the spec downloads). */
async function pageBytes(dir: string, extra = 0): Promise<number> {
  const files = (await readdir(dir)).filter((f) => !/^openapi\.|^\.nojekyll$|\.tmp$/.test(f));
  let total = extra;
  for (const file of files) total += (await stat(path.join(dir, file))).size;
  return total;
}

export async function docsRows(subject: Subject, rounds: number): Promise<Row[]> {
  const { repo, spec } = subject;
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-scale-docs-'));
  const site = path.join(repo, 'generated/site');
  const browser = await launch();
  try {
    const specFile = path.join(work, 'openapi.docs.json');
    const contract = await loadContract(spec);
    await writeFile(specFile, JSON.stringify(await pageSpec(contract, { guides: subject.ours })));
    const word = subject.ours ? SEARCH_WORD : searchWordOf(contract.model);
    const cdnDir = path.join(work, 'cdn');
    const scriptUrl = await cdnBuild(specFile, cdnDir, path.join(site, 'logo.svg'));
    const standalone = await standaloneScript();
    await serveCdnScript(browser, scriptUrl, standalone);
    const ours = await serveSite(site, 0);
    const cdn = await serveSite(cdnDir, 0);
    const times = { ours: [] as LoadTimes[], cdn: [] as LoadTimes[] };
    try {
      for (let i = 0; i <= rounds; i++) {
        const pair = [
          ['ours', ours.url],
          ['cdn', cdn.url],
        ] as const;
        for (const [side, url] of i % 2 ? [...pair].reverse() : pair) {
          const t = await loadTimes(browser, url, word);
          if (i > 0) times[side].push(t); // the first pair warms the browser
        }
      }
    } finally {
      ours.server.close();
      cdn.server.close();
    }
    const at = (side: 'ours' | 'cdn', key: keyof LoadTimes) => median(times[side].map((t) => t[key]));
    const kib = (bytes: number) => bytes / 1024;
    return [
      {
        what: 'site: what a reader loads (vs CDN page + redoc.standalone.js)',
        ours: kib(await pageBytes(site)),
        bare: kib(await pageBytes(cdnDir, standalone.length)),
        unit: 'KiB',
      },
      {
        what: "site: index.html (vs the CDN build's)",
        ours: kib((await stat(path.join(site, 'index.html'))).size),
        bare: kib((await stat(path.join(cdnDir, 'index.html'))).size),
        unit: 'KiB',
      },
      {
        what: 'site: to hydrated (vs plain Redoc)',
        ours: at('ours', 'hydrated'),
        bare: at('cdn', 'hydrated'),
        unit: 'ms',
      },
      {
        what: 'site: to searchable (vs plain Redoc)',
        ours: at('ours', 'searchable'),
        bare: at('cdn', 'searchable'),
        unit: 'ms',
      },
    ];
  } finally {
    await browser.close();
    await rm(work, { recursive: true, force: true });
  }
}
