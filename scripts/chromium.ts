// Debian's chromium driven by playwright-core, offline: one launch per test file or benchmark load, every
// request recorded. The docs tests reach it through test/support/browser.ts; bench/docs.ts directly.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Every URL the page asked for, in order. */
  requests: string[];
  /** Console errors and uncaught page errors. */
  errors: string[];
  close(): Promise<void>;
}

/** Loopback and local files pass; anything else is recorded and aborted, so nothing leaves the machine. */
export const isLocal = (url: string) =>
  /^(file:|data:|blob:|about:)/.test(url) || /^https?:\/\/127\.0\.0\.1(:\d+)?\//.test(url);

/** `args`: flags beyond CHROMIUM_FLAGS (a test's `--host-resolver-rules`, say). */
export async function launch(options: { args?: string[] } = {}): Promise<Browser> {
  if (!existsSync(chromiumPath))
    throw new Error(`No Chromium at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  const profile = mkdtempSync(path.join(os.tmpdir(), 'docs-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...(options.args ?? [])],
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce', // no smooth scrolling to wait for
  });
  const requests: string[] = [];
  const errors: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    requests.push(url);
    return isLocal(url) ? route.continue() : route.abort('blockedbyclient');
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  return {
    context,
    page,
    requests,
    errors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The reference site's script has set the page up (site.js marks the document when done). */
export async function waitForSite(page: Page, timeout = 20_000): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', undefined, { timeout });
}
