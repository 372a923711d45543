// axe-core in a page of the docs site: evaluated through DevTools, which the site's Content-Security-Policy
// (no inline script) does not cover, unlike a <script> tag added to the page.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { root } from '../../scripts/paths.ts';

let source: Promise<string> | undefined;

/** axe-core's violations in `page` (within `selector`, or the whole document). */
export async function axeViolations(page: Page, selector?: string): Promise<AxeResults['violations']> {
  source ??= readFile(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await source);
  return page.evaluate(async (within) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    return (await axe.run(within ?? document, { resultTypes: ['violations'] })).violations;
  }, selector);
}
