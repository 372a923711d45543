// `npm run docs:serve`: serves the site on 127.0.0.1 and rebuilds when a guide or the spec changes.
// The test touches files (mtime only, content unchanged) so that it never edits the repo.
import { type ChildProcess, spawn } from 'node:child_process';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../model/load.ts';
import { root, specPath } from '../../scripts/paths.ts';
import { TRY_IT_SECRET_HEADER } from '../../tools/docs-serve/guard.ts';

let child: ChildProcess | undefined;
let output = '';

/** Resolves with the first match of `pattern` in the server's output from `from` on. */
function waitFor(pattern: RegExp, from = 0, timeoutMs = 45_000): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${pattern} in docs:serve output:\n${output}`)),
      timeoutMs,
    );
    const check = () => {
      const match = output.slice(from).match(pattern);
      if (!match) return;
      clearTimeout(timer);
      child?.stdout?.off('data', check);
      resolve(match);
    };
    child?.stdout?.on('data', check);
    check();
  });
}

afterAll(() => {
  child?.kill('SIGTERM');
});

describe('docs:serve', () => {
  it('serves the site on 127.0.0.1 and rebuilds on a guide or spec change', async () => {
    // As `npm run docs:serve` starts it.
    child = spawn(process.execPath, ['scripts/launch.mjs', 'tools/docs-serve/cli.ts', '--port', '0'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    const [, url] = await waitFor(/Serving generated\/site at (http:\/\/127\.0\.0\.1:\d+\/)/);
    const page = await fetch(`${url}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<main id="content">');
    // Try-it is on: the page loads the panel, which lists the contract's operations for the page's secret.
    expect(html).toContain('<script src="/__try-it/panel.js" defer></script>');
    const secret = /<meta name="try-it-secret" content="([\w-]{43})">/.exec(html)?.[1] ?? '';
    expect((await fetch(`${url}__try-it/operations.json`)).status).toBe(403);
    const tryIt = (await (
      await fetch(`${url}__try-it/operations.json`, { headers: { [TRY_IT_SECRET_HEADER]: secret } })
    ).json()) as { operations: unknown[] };
    expect(tryIt.operations.length).toBe((await loadContract(specPath)).model.operations.length);
    expect((await fetch(`${url}openapi.json`)).headers.get('content-type')).toBe('application/json');
    // A malformed percent-escape made docs:serve exit (issue 37): now a 400, and the server goes on.
    expect((await fetch(`${url}%E0%A4%A`)).status).toBe(400);
    expect((await fetch(url as string)).status).toBe(200);

    const now = new Date();
    let mark = output.length;
    await utimes(path.join(root, 'docs/mock.md'), now, now);
    await waitFor(/docs rebuilt \(docs\/mock\.md changed\)/, mark);
    mark = output.length;
    await utimes(specPath, now, now);
    await waitFor(/docs rebuilt \(openapi\.yaml changed\)/, mark);
  }, 90_000);
});
