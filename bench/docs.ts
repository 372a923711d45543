// Reference site benchmark: `npx tsx bench/docs.ts [runs]`. Measured in this run, our site beside plain Redoc
// (build-docs' CDN build of the same guides, notes and samples, its script served locally: no network time):
// 1. bytes a reader downloads to a usable first page: our index.html, site.css, site.js and the search index,
//    against Redoc's page and redoc.standalone.js (raw and gzip);
// 2. time from navigation to a usable page (operations listed, search answering), loads alternated;
// 3. how fast our search answers a keystroke (typed a letter at a time).
// bench/scale.ts runs the same on the contract copied to 2,002 operations.
import '../scripts/env.ts';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadContract } from '../model/load.ts';
import { docs, siteDir } from '../pipeline/docs/index.ts';
import { launch } from '../scripts/chromium.ts';
import { root, specPath } from '../scripts/paths.ts';
import { firstPageFiles, measureSite } from './lib/site-figures.ts';

const runs = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 5);
const contract = await loadContract(specPath);
await docs(contract);
const work = path.join(root, '.cache/bench-docs');
await rm(work, { recursive: true, force: true });
const browser = await launch();
try {
  const f = await measureSite(browser, contract, siteDir, work, runs);
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  const gz = async (files: string[]) => {
    let total = 0;
    for (const file of files) total += gzipSync(await readFile(file), { level: 9 }).length;
    return total;
  };
  console.log(
    `Reference site benchmark: ${contract.model.operations.length} operations, ${2 * runs} loads each (median)\n`,
  );
  console.log('What a reader downloads to a usable first page            raw        gzip');
  console.log(
    `  ours (${firstPageFiles.join(', ')})`.padEnd(52),
    kib(f.bytes.ours).padStart(10),
    kib(await gz(firstPageFiles.map((n) => path.join(siteDir, n)))).padStart(10),
  );
  console.log('  plain Redoc (page + redoc.standalone.js)'.padEnd(52), kib(f.bytes.redoc).padStart(10));
  console.log(
    `  ratio ours / Redoc                                  ${(f.bytes.ours / f.bytes.redoc).toFixed(2)}x  (goal <= 1.0x)\n`,
  );
  console.log(
    'Navigation to a usable page (operations listed, search answering), Chromium, loopback, cache off',
  );
  console.log(
    `  ours  ${ms(f.usable.ours)}   plain Redoc ${ms(f.usable.redoc)} (its index ready, typing not counted)`,
  );
  console.log(`  ratio ours / Redoc ${(f.usable.ours / f.usable.redoc).toFixed(2)}x  (goal <= 0.6x)\n`);
  console.log(
    `Search: a keystroke to its answer on screen ("${f.query}", a letter at a time): median ${ms(f.keystroke.median)}, slowest ${ms(f.keystroke.max)} (goal <= 200 ms)`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser.close().catch(() => undefined);
}
