// The reference site of a subject (as its build made it) beside plain Redoc of the same content: the bytes
// of a usable first page, the time to a usable page (operations listed, search answering) and the time from a
// keystroke to the search's answer, in Chromium. Another contract's site is searched for a word of its own.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ContractModel } from '@banking-api/contract';
import { loadContract } from '../../model/load.ts';
import { launch } from '../../scripts/chromium.ts';
import type { Subject } from '../lib/clis.ts';
import { SEARCH_WORD } from '../lib/page-load.ts';
import { measureSite } from '../lib/site-figures.ts';
import type { Row } from './stats.ts';

/** A word the site's search finds in another contract: the longest of its first operation's summary. */
function searchWordOf(model: ContractModel): string {
  const words = (model.operations[0]?.summary ?? '').split(/[^\p{L}\p{N}]+/u);
  return words.reduce((a, b) => (b.length > a.length ? b : a), '') || 'GET';
}

export async function docsRows(subject: Subject, rounds: number): Promise<Row[]> {
  const { repo, spec, ours } = subject;
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-scale-docs-'));
  const browser = await launch();
  try {
    const contract = await loadContract(spec);
    const word = ours ? SEARCH_WORD : searchWordOf(contract.model);
    const site = path.join(repo, 'generated/site');
    const f = await measureSite(browser, contract, site, work, rounds, { guides: ours, word });
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
