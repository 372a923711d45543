// Reference site benchmark: `npx tsx bench/docs.ts [runs] [--page]`. Prints, all measured in this run:
// 1. build time of the page, build-docs in this process (cold and warm) vs the bundled CLI;
// 2. size (raw, gzip) of our offline site vs Redoc's default CDN build of the same docs spec;
// 3. time from navigation to a hydrated page, and to a searchable one (search index ready), in Chromium driven
//    through DevTools (playwright), and again in a reader's Chromium: no DevTools attached (see readerLoad).
// The CDN build cannot reach its CDN here: its script is answered from the identical local file (the CLI
// pins it by an SRI hash of that file), so its figure has no network time in it: a lower bound.
import '../scripts/env.ts';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer as createHttpsServer } from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { makeCa, makeServerCert } from '@banking-api/mock';
import { loadContract } from '../model/load.ts';
import { docs, pageSpec, renderInput, siteDir } from '../pipeline/docs/index.ts';
import { renderInProcess, renderWithCli } from '../pipeline/docs/redoc.ts';
import { CHROMIUM_FLAGS, chromiumPath, launch } from '../scripts/chromium.ts';
import { root, specPath } from '../scripts/paths.ts';
import { type SiteExtension, serveSite } from '../tools/docs-serve/static-server.ts';
import {
  cdnBuild,
  loadTimes as loadPageTimes,
  SEARCH_WORD,
  serveCdnScript,
  standaloneScript,
} from './lib/page-load.ts';

const runs = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const ms = (x: number) => `${x.toFixed(0)} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
async function time(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

const work = path.join(root, '.cache/bench-docs');
await mkdir(work, { recursive: true });
const specFile = path.join(work, 'openapi.docs.json');
const contract = await loadContract(specPath);
await writeFile(specFile, JSON.stringify(await pageSpec(contract)));

// 1. Build time (skipped with --page, which measures only the page).
const pageOnly = process.argv.includes('--page');
const inProcessOut = path.join(work, 'in-process.html');
const cold = pageOnly
  ? Number.NaN
  : await time(async () => renderInProcess(await renderInput(inProcessOut, specFile)));
const warm: number[] = [];
const cli: number[] = [];
for (let i = 0; i < (pageOnly ? 0 : runs); i++) {
  warm.push(await time(async () => renderInProcess(await renderInput(inProcessOut, specFile))));
  cli.push(await time(async () => renderWithCli(await renderInput(path.join(work, 'cli.html'), specFile))));
}

// 2. Sizes. Our site as built; the CDN build is the same render without --inlineBundle.
await docs(contract);
const cdnDir = path.join(work, 'cdn');
const cdnScriptUrl = await cdnBuild(specFile, cdnDir, path.join(siteDir, 'logo.svg'));
const standalone = await standaloneScript();
const sizes = async (files: string[]) => {
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const body = await readFile(file);
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
  }
  return { raw, gz };
};
// Every file of the site but the spec downloads: what the page loads.
const pageFiles = (await readdir(siteDir)).filter((f) => !/^openapi\.|^\.nojekyll$|\.tmp$/.test(f));
const ours = await sizes(pageFiles.map((f) => path.join(siteDir, f)));
const cdnPage = await sizes(['index.html', 'logo.svg'].map((f) => path.join(cdnDir, f)));
const cdnTotal = {
  raw: cdnPage.raw + standalone.length,
  gz: cdnPage.gz + gzipSync(standalone, { level: 9 }).length,
};

// 3. Time to hydrated, median of `runs` fresh loads each (cache off).
const oursReader = readerExtension();
const cdnReader = readerExtension();
const oursSite = await serveSite(siteDir, 0, oursReader);
const cdnSite = await serveSite(cdnDir, 0, cdnReader);
const browser = await launch();
await serveCdnScript(browser, cdnScriptUrl, standalone);
const loadTimes = (url: string) => loadPageTimes(browser, url);
// Alternated load by load, the first site of each pair switching every pair, so a machine busy for a while
// slows both alike and neither always follows the other; one load of each first, not counted, warms the browser.
const oursTimes = { hydrated: [] as number[], searchable: [] as number[] };
const cdnTimes = { hydrated: [] as number[], searchable: [] as number[] };
const sites = [
  [oursSite.url, oursTimes],
  [cdnSite.url, cdnTimes],
] as const;
for (const [site] of sites) await loadTimes(site);
for (let i = 0; i < 2 * runs; i++) {
  for (const [site, into] of i % 2 ? [...sites].reverse() : sites) {
    const t = await loadTimes(site);
    into.hydrated.push(t.hydrated);
    into.searchable.push(t.searchable);
  }
}
const oursHydrated = median(oursTimes.hydrated);
const cdnHydrated = median(cdnTimes.hydrated);
const oursSearchable = median(oursTimes.searchable);
const cdnSearchable = median(cdnTimes.searchable);
await browser.close();
const reader = await readerTimes();
oursSite.server.close();
cdnSite.server.close();
// The CDN build's footer logo comes from Redoc's CDN: blocked here, as is anything else off the machine.
const offSite = browser.requests.filter(
  (u) =>
    !u.startsWith('http://127.0.0.1') &&
    u !== cdnScriptUrl &&
    !u.startsWith('https://cdn.redoc.ly/redoc/logo'),
);
if (offSite.length) throw new Error(`bench: unexpected requests ${offSite.join(', ')}`);

const size = (await stat(path.join(siteDir, 'index.html'))).size;
console.log(`Reference site benchmark, ${runs} runs each (median); site index.html ${kib(size)}\n`);
if (pageOnly) console.log('Build: not measured (--page)\n');
else {
  console.log('Build (build-docs --inlineBundle of the docs spec)');
  console.log(`  in process, cold (import + render)  ${ms(cold)}`);
  console.log(`  in process, warm                    ${ms(median(warm))}`);
  console.log(`  bundled CLI (new process)           ${ms(median(cli))}`);
  console.log(`  ratio CLI / in-process warm         ${(median(cli) / median(warm)).toFixed(2)}x`);
  console.log(`  ratio CLI / in-process cold         ${(median(cli) / cold).toFixed(2)}x\n`);
}
console.log('Size: what a reader downloads                raw        gzip');
console.log(
  `  ours, offline (${pageFiles.length} files)               ${kib(ours.raw).padStart(10)} ${kib(ours.gz).padStart(10)}`,
);
console.log(
  `  CDN build, page + logo                 ${kib(cdnPage.raw).padStart(10)} ${kib(cdnPage.gz).padStart(10)}`,
);
console.log(
  `  CDN build, page + redoc.standalone.js  ${kib(cdnTotal.raw).padStart(10)} ${kib(cdnTotal.gz).padStart(10)}`,
);
console.log(
  `  ours - CDN total (bytes)               ${String(ours.raw - cdnTotal.raw).padStart(10)} ${String(ours.gz - cdnTotal.gz).padStart(10)}`,
);
console.log(
  `  ratio ours / CDN total                 ${(ours.raw / cdnTotal.raw).toFixed(2)}x ${(ours.gz / cdnTotal.gz).toFixed(2)}x\n`,
);
console.log(
  `Navigation to hydrated page, Chromium, loopback, cache off (${2 * runs} loads each, alternated)`,
);
console.log(`  ours (redoc.js deferred, spec as JSON) ${ms(oursHydrated)}`);
console.log(`  CDN build (script served locally)      ${ms(cdnHydrated)}  (no network time: a lower bound)`);
console.log(`  ratio ours / CDN build                 ${(oursHydrated / cdnHydrated).toFixed(2)}x`);
console.log(
  `\nNavigation to a searchable page (search index ready; a search for "${SEARCH_WORD}" then checked)`,
);
console.log(`  ours                                   ${ms(oursSearchable)}`);
console.log(`  CDN build (script served locally)      ${ms(cdnSearchable)}`);
console.log(
  `  ratio ours / CDN build                 ${(oursSearchable / cdnSearchable).toFixed(2)}x  (goal <= 0.80x)`,
);
console.log(
  "\nIn a reader's Chromium (no DevTools attached; same pages, the CDN script answered over TLS from this machine)",
);
console.log(
  `  hydrated:   ours ${ms(reader.ours.hydrated)}, CDN build ${ms(reader.cdn.hydrated)}, ratio ${(reader.ours.hydrated / reader.cdn.hydrated).toFixed(2)}x`,
);
console.log(
  `  searchable: ours ${ms(reader.ours.searchable)}, CDN build ${ms(reader.cdn.searchable)}, ratio ${(reader.ours.searchable / reader.cdn.searchable).toFixed(2)}x`,
);

/**
 * A reader's browser has no DevTools attached. Attached, DevTools (Runtime.enable, which playwright needs)
 * makes V8 record a stack with line and column for every Error created, so the Errors React creates while
 * its module initialises make V8 re-parse Redoc's whole script on both sides, hiding what the page itself
 * costs. Here each load is a fresh headless Chromium with no debugging connection, opening a measuring page
 * of the site's own origin (/__reader) that shows the site in a frame, watches it each frame the way
 * waitForHydration and SEARCH_READY do, and posts the two times (ms since the frame's navigation) back.
 */
function readerExtension(): SiteExtension & { next(): Promise<{ hydrated: number; searchable: number }> } {
  let deliver: ((t: { hydrated: number; searchable: number }) => void) | undefined;
  return {
    head: '',
    next: () => new Promise((resolve) => (deliver = resolve)),
    async handle(req, res) {
      if (req.url === '/__reader') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readerPage());
        return true;
      }
      if (req.url !== '/__reader/result') return false;
      let body = '';
      for await (const chunk of req) body += chunk;
      res.writeHead(204).end();
      deliver?.(JSON.parse(body));
      return true;
    },
  };
}

/** The measuring page (a function: the module is still running its top level when it is served). */
function readerPage(): string {
  return `<!DOCTYPE html><html><body style="margin:0">
<iframe id="site" src="/" style="width:1280px;height:800px;border:0"></iframe>
<script>
const frame = document.getElementById('site');
const times = {};
const check = () => {
  const w = frame.contentWindow;
  const d = frame.contentDocument;
  if (d && w.location.pathname === '/') {
    const link = d.querySelector('#redoc a');
    if (times.hydrated === undefined && link && Object.keys(link).some((k) => k.startsWith('__reactFiber')))
      times.hydrated = w.performance.now();
    if (times.hydrated !== undefined && (d.querySelector('[data-testid="search-trigger"]')?.textContent ?? '').startsWith('Search'))
      times.searchable = w.performance.now();
  }
  if (times.searchable === undefined) return requestAnimationFrame(check);
  fetch('/__reader/result', { method: 'POST', body: JSON.stringify(times) });
};
requestAnimationFrame(check);
</script></body></html>`;
}

/** A certificate for Redoc's CDN host, so the CDN build loads its script, as published, from this machine. */
function cdnCertificate(): { key: string; cert: string } {
  return makeServerCert(makeCa('Bench CDN CA'), [new URL(cdnScriptUrl as string).hostname]);
}

/** One load in a fresh Chromium with no DevTools connection: the times its measuring page posts. */
async function readerLoad(siteUrl: string, extension: ReturnType<typeof readerExtension>, cdnPort: number) {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'docs-reader-'));
  const host = new URL(cdnScriptUrl as string).hostname;
  const times = extension.next();
  const chromium = spawn(
    chromiumPath,
    [
      ...CHROMIUM_FLAGS,
      '--headless',
      `--user-data-dir=${profile}`,
      '--window-size=1300,850',
      // Redoc's CDN is this machine; every other outside host fails at once (nothing leaves the machine).
      `--host-resolver-rules=MAP ${host} 127.0.0.1:${cdnPort}, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1`,
      '--ignore-certificate-errors',
      '--disk-cache-size=1',
      `${siteUrl}__reader`,
    ],
    { stdio: 'ignore', detached: true },
  );
  // Its own process group: stopping it stops the renderer and helpers it started too.
  const stop = () => {
    try {
      process.kill(-(chromium.pid as number), 'SIGTERM');
    } catch {}
  };
  const timeout = setTimeout(stop, 60_000);
  try {
    return await Promise.race([
      times,
      new Promise<never>((_, reject) =>
        chromium.once('exit', () => reject(new Error('bench: reader Chromium exited'))),
      ),
    ]);
  } finally {
    clearTimeout(timeout);
    stop();
    await new Promise((resolve) =>
      chromium.exitCode === null ? chromium.once('exit', resolve) : resolve(null),
    );
    await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

/** Medians of 2 x runs reader loads per site, alternated as above. */
async function readerTimes() {
  const cdn = createHttpsServer(cdnCertificate(), (req, res) => {
    res
      .writeHead(req.url === new URL(cdnScriptUrl as string).pathname ? 200 : 404, {
        'content-type': 'text/javascript',
        'access-control-allow-origin': '*',
      })
      .end(req.url === new URL(cdnScriptUrl as string).pathname ? standalone : '');
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  const port = (cdn.address() as { port: number }).port;
  const sites = [
    { url: oursSite.url, extension: oursReader, times: [] as { hydrated: number; searchable: number }[] },
    { url: cdnSite.url, extension: cdnReader, times: [] as { hydrated: number; searchable: number }[] },
  ];
  for (const site of sites) await readerLoad(site.url, site.extension, port);
  for (let i = 0; i < 2 * runs; i++)
    for (const site of i % 2 ? [...sites].reverse() : sites)
      site.times.push(await readerLoad(site.url, site.extension, port));
  cdn.close();
  const summary = (times: { hydrated: number; searchable: number }[]) => ({
    hydrated: median(times.map((t) => t.hydrated)),
    searchable: median(times.map((t) => t.searchable)),
  });
  return { ours: summary(sites[0]?.times ?? []), cdn: summary(sites[1]?.times ?? []) };
}
