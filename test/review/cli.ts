// Suite (run from review.test.ts): npm run review on the real openapi.yaml in a temporary git repository.
import { execFile } from 'node:child_process';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseDocument } from 'yaml';
import { specPath } from '../../scripts/paths.ts';
import { MARKER } from '../../scripts/review/report.ts';
import { main } from '../../scripts/review.ts';
import { fixtureDir } from './helpers.ts';

const run = promisify(execFile);
let tmp: Awaited<ReturnType<typeof fixtureDir>>;
let spec: string;
let out: string;
const git = (...args: string[]) =>
  run('git', ['-c', 'user.name=Review Test', '-c', 'user.email=review@test.invalid', ...args], {
    cwd: tmp.dir,
  });

/** Edits the temporary repository's openapi.yaml in place, keeping its formatting. */
async function edit(change: (doc: ReturnType<typeof parseDocument>) => void) {
  const doc = parseDocument(await readFile(spec, 'utf8'));
  change(doc);
  await writeFile(spec, doc.toString());
}

/** scripts/review.ts in this process (console quiet); returns the exit code and the report file. */
async function review(...args: string[]) {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const code = await main(['--spec', spec, '--out', out, ...args]);
    return { code, report: await readFile(out, 'utf8'), stderr: error.mock.calls.flat().join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

beforeAll(async () => {
  tmp = await fixtureDir();
  spec = path.join(tmp.dir, 'openapi.yaml');
  out = path.join(tmp.dir, 'report.md');
  await git('init', '-q', '-b', 'main');
  await copyFile(specPath, spec);
  await git('add', 'openapi.yaml');
  await git('commit', '-q', '-m', 'spec');
  await git('checkout', '-q', '-b', 'feature');
});
afterAll(() => tmp?.dispose());

describe('review of the real spec in a git repository', () => {
  it('passes a description-only change as non-breaking', async () => {
    await edit((d) =>
      d.setIn(['paths', '/hb/cards/create', 'post', 'description'], 'Creates a virtual or physical card.'),
    );
    const { code, report } = await review('--base', 'HEAD');
    expect(code).toBe(0);
    expect(report.startsWith(MARKER)).toBe(true);
    expect(report).toContain('✅ **No breaking changes.**');
    expect(report).toMatch(/### Non-breaking changes\n\n- \*\*`POST \/hb\/cards\/create`\*\* \(createCard\)/);
    await git('checkout', '-q', '--', 'openapi.yaml');
  });

  it('fails a committed operation removal against the merge base with main, naming it', async () => {
    await edit((d) => d.deleteIn(['paths', '/hb/webhook/logs']));
    await git('commit', '-q', '-am', 'remove webhook logs');
    const { code, report, stderr } = await review();
    expect(code).toBe(1);
    expect(stderr).toContain('Breaking-change gate failed: unacknowledged: GET /hb/webhook/logs');
    expect(report).toMatch(/## Spec review: `[0-9a-f]{40} \([0-9a-f]{7}\)` → `working tree`/);
    expect(report).toContain(
      '- **`GET /hb/webhook/logs`** (listWebhookLogs)\n  - Path `/hb/webhook/logs` was removed.',
    );
    expect(report).toContain('| removed | `operations.listWebhookLogs` |');
  });

  it('passes once the change acknowledges it, and cuts a release into CHANGELOG.md', async () => {
    await edit((d) =>
      d.setIn(
        ['info', 'x-breaking-changes-acknowledged'],
        [{ operation: 'GET /hb/webhook/logs', reason: 'Delivery logs move to the events API.' }],
      ),
    );
    // The gate passes (the report is written first), but a release needs info.version to move.
    await expect(review('--release')).rejects.toThrow('info.version is still 1.0.0');
    expect(await readFile(out, 'utf8')).toContain(
      '⚠️ **Breaking changes, acknowledged by x-breaking-changes-acknowledged.**',
    );

    await edit((d) => d.setIn(['info', 'version'], '2.0.0'));
    const released = await review('--release');
    expect(released.code).toBe(0);
    const changelog = await readFile(path.join(tmp.dir, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toMatch(/^# Changelog\n/);
    expect(changelog).toMatch(
      /## 2\.0\.0 - \d{4}-\d{2}-\d{2}\n\n### Breaking\n\n- `GET \/hb\/webhook\/logs` \(listWebhookLogs\): Path `\/hb\/webhook\/logs` was removed\./,
    );
  });

  it('says which ref is unknown', async () => {
    await expect(review('--base', 'no-such-ref')).rejects.toThrow('Unknown git ref "no-such-ref"');
  });
});
