// Reference site benchmark: `npx tsx bench/docs.ts [runs]`. Prints, all measured in this run:
// 1. build time of the page, build-docs in this process (cold and warm) vs the bundled CLI;
// 2. size (raw, gzip) of our offline site vs Redoc's default CDN build of the same docs spec;
// 3. time from navigation to a hydrated page in Chromium, for both.
// The CDN build cannot reach its CDN here: its script is answered from the identical local file (the CLI
// pins it by an SRI hash of that file), so its figure has no network time in it: a lower bound.
import '../scripts/env.ts';
import { execFile } from 'node:child_process';
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { loadContract } from '../model/load.ts';
import { renderInProcess, renderWithCli } from '../scripts/docs/redoc.ts';
import { serveSite } from '../scripts/docs/static-server.ts';
import { docs, docsSpec, renderInput, siteDir } from '../scripts/docs.ts';
import { root, specPath } from '../scripts/paths.ts';
import { launch, waitForHydration } from '../test/docs/browser.ts';

const runs = Number(process.argv[2] ?? 5);
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
const { writeFile } = await import('node:fs/promises');
const contract = await loadContract(specPath);
await writeFile(specFile, JSON.stringify(await docsSpec(contract)));

// 1. Build time.
const inProcessOut = path.join(work, 'in-process.html');
const cold = await time(async () => renderInProcess(await renderInput(inProcessOut, specFile)));
const warm: number[] = [];
const cli: number[] = [];
for (let i = 0; i < runs; i++) {
  warm.push(await time(async () => renderInProcess(await renderInput(inProcessOut, specFile))));
  cli.push(await time(async () => renderWithCli(await renderInput(path.join(work, 'cli.html'), specFile))));
}

// 2. Sizes. Our site as built; the CDN build is the same command without --inlineBundle.
await docs(contract);
const cdnDir = path.join(work, 'cdn');
await mkdir(cdnDir, { recursive: true });
const cliJs = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
await promisify(execFile)(process.execPath, [
  cliJs,
  'build-docs',
  specFile,
  '-o',
  path.join(cdnDir, 'index.html'),
]);
const cdnHtml = await readFile(path.join(cdnDir, 'index.html'), 'utf8');
const cdnScriptUrl = /https:\/\/cdn\.redocly\.com\/redoc\/v[^"]+\/redoc\.standalone\.js/.exec(cdnHtml)?.[0];
if (!cdnScriptUrl) throw new Error('bench: the CDN build names no redoc.standalone.js');
const standalone = await readFile(
  path.join(root, 'node_modules/@redocly/cli/lib/chunks/redoc.standalone.js'),
);
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
const ours = await sizes(['index.html', 'logo.svg', 'redoc.svg'].map((f) => path.join(siteDir, f)));
const cdnPage = await sizes([path.join(cdnDir, 'index.html')]);
const cdnTotal = {
  raw: cdnPage.raw + standalone.length,
  gz: cdnPage.gz + gzipSync(standalone, { level: 9 }).length,
};

// 3. Time to hydrated, median of `runs` fresh loads each (cache off).
const oursSite = await serveSite(siteDir);
const cdnSite = await serveSite(cdnDir);
const browser = await launch();
await browser.context.route(cdnScriptUrl, (route) =>
  route.fulfill({
    body: standalone,
    contentType: 'text/javascript',
    headers: { 'access-control-allow-origin': '*' },
  }),
);
async function hydration(url: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const page = await browser.context.newPage();
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(url, { waitUntil: 'commit' });
    await waitForHydration(page, 60_000);
    times.push(await page.evaluate(() => performance.now())); // ms since navigation start
    await page.close();
  }
  return times;
}
const oursHydrated = median(await hydration(oursSite.url));
const cdnHydrated = median(await hydration(cdnSite.url));
await browser.close();
oursSite.server.close();
cdnSite.server.close();
const offSite = browser.requests.filter((u) => !u.startsWith('http://127.0.0.1') && u !== cdnScriptUrl);
if (offSite.length) throw new Error(`bench: unexpected requests ${offSite.join(', ')}`);

const size = (await stat(path.join(siteDir, 'index.html'))).size;
console.log(`Reference site benchmark, ${runs} runs each (median); site index.html ${kib(size)}\n`);
console.log('Build (build-docs --inlineBundle of the docs spec)');
console.log(`  in process, cold (import + render)  ${ms(cold)}`);
console.log(`  in process, warm                    ${ms(median(warm))}`);
console.log(`  bundled CLI (new process)           ${ms(median(cli))}`);
console.log(`  ratio CLI / in-process warm         ${(median(cli) / median(warm)).toFixed(2)}x`);
console.log(`  ratio CLI / in-process cold         ${(median(cli) / cold).toFixed(2)}x\n`);
console.log('Size: what a reader downloads                raw        gzip');
console.log(
  `  ours, offline (index.html + 2 logos)   ${kib(ours.raw).padStart(10)} ${kib(ours.gz).padStart(10)}`,
);
console.log(
  `  CDN build, page only                   ${kib(cdnPage.raw).padStart(10)} ${kib(cdnPage.gz).padStart(10)}`,
);
console.log(
  `  CDN build, page + redoc.standalone.js  ${kib(cdnTotal.raw).padStart(10)} ${kib(cdnTotal.gz).padStart(10)}`,
);
console.log(
  `  ratio ours / CDN total                 ${(ours.raw / cdnTotal.raw).toFixed(2)}x ${(ours.gz / cdnTotal.gz).toFixed(2)}x\n`,
);
console.log('Navigation to hydrated page, Chromium, loopback, cache off');
console.log(`  ours (script inline)                   ${ms(oursHydrated)}`);
console.log(`  CDN build (script served locally)      ${ms(cdnHydrated)}  (no network time: a lower bound)`);
console.log(`  ratio ours / CDN build                 ${(oursHydrated / cdnHydrated).toFixed(2)}x`);
