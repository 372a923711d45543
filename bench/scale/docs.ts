// The reference site of a scaled repo (as its build made it) beside plain Redoc of the same content: the bytes
// of a usable first page, the time to a usable page (operations listed, search answering) and the time from a
// keystroke to the search's answer, in Chromium.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadContract } from '../../model/load.ts';
import { launch } from '../../scripts/chromium.ts';
import { measureSite } from '../lib/site-figures.ts';
import type { Row } from './stats.ts';

export async function docsRows(repo: string, rounds: number): Promise<Row[]> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-scale-docs-'));
  const browser = await launch();
  try {
    const contract = await loadContract(path.join(repo, 'openapi.yaml'));
    const f = await measureSite(browser, contract, path.join(repo, 'generated/site'), work, rounds);
    return [
      {
        what: 'site: bytes of a usable first page (vs Redoc page + script)',
        ours: f.bytes.ours / 1024,
        bare: f.bytes.redoc / 1024,
        unit: 'KiB',
      },
      {
        what: 'site: to a usable page, listed and searchable (vs plain Redoc)',
        ours: f.usable.ours,
        bare: f.usable.redoc,
        unit: 'ms',
      },
      {
        what: 'site: keystroke to search answer, median (vs the 200 ms goal)',
        ours: f.keystroke.median,
        bare: 200,
        unit: 'ms',
      },
      {
        what: 'site: keystroke to search answer, slowest (vs the 200 ms goal)',
        ours: f.keystroke.max,
        bare: 200,
        unit: 'ms',
      },
    ];
  } finally {
    await browser.close();
    await rm(work, { recursive: true, force: true });
  }
}
