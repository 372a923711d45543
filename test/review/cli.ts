// Suite (run from review.test.ts): npm run review on the real openapi.yaml in a temporary git repository.
import { execFile } from 'node:child_process';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Operation } from '@banking-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseDocument } from 'yaml';
import { loadContract } from '../../model/load.ts';
import { root, specPath } from '../../scripts/paths.ts';
import { main } from '../../tools/review/cli.ts';
import { MARKER } from '../../tools/review/report.ts';
import { fixtureDir } from './helpers.ts';

const run = promisify(execFile);
let tmp: Awaited<ReturnType<typeof fixtureDir>>;
let spec: string;
let out: string;
/** The operation whose description the first test edits. */
let edited: Operation;
/** An operation alone on its path: deleting the path removes exactly it. */
let removed: Operation;
/** info.version of the real spec, and the next major version. */
let version: string;
let major: string;
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

/** tools/review/cli.ts in this process (console quiet); returns the exit code and the report file. */
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
  const { operations, version: current } = (await loadContract(specPath)).model;
  [version, major] = [current, `${Number.parseInt(current, 10) + 1}.0.0`];
  const alone = operations.filter((op) => operations.filter((o) => o.path === op.path).length === 1);
  [edited, removed] = [operations[0] as Operation, alone.at(-1) as Operation];
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
      d.setIn(
        ['paths', edited.path, edited.method.toLowerCase(), 'description'],
        'Edited by the review test.',
      ),
    );
    const { code, report } = await review('--base', 'HEAD');
    expect(code).toBe(0);
    expect(report.startsWith(MARKER)).toBe(true);
    expect(report).toContain('✅ **No breaking changes.**');
    expect(report).toContain(
      `### Non-breaking changes\n\n- **\`${edited.key}\`** (\`${edited.operationId}\`)`,
    );
    // The header names both sides: the base's ref and commit, the head's commit and that the tree differs.
    expect(report).toMatch(
      /## Spec review: `HEAD \([0-9a-f]{7}\)` → `HEAD \([0-9a-f]{7}\) \+ uncommitted changes`/,
    );
    await git('checkout', '-q', '--', 'openapi.yaml');
  });

  it('fails a committed operation removal against the merge base with main, naming it', async () => {
    await edit((d) => d.deleteIn(['paths', removed.path]));
    await git('commit', '-q', '-am', `remove ${removed.key}`);
    const { code, report, stderr } = await review('--types');
    expect(code).toBe(1);
    expect(stderr).toContain(`Breaking-change gate failed: unacknowledged: path-removed:${removed.key}:`);
    const [base, head] = [
      (await git('rev-parse', 'main')).stdout.trim(),
      (await git('rev-parse', 'HEAD')).stdout.trim(),
    ];
    expect(report).toContain(
      `## Spec review: \`${base} (${base.slice(0, 7)})\` → \`HEAD (${head.slice(0, 7)})\``,
    );
    expect(report).toContain(
      `- **\`${removed.key}\`** (\`${removed.operationId}\`)\n  - Path \`${removed.path}\` was removed.`,
    );
    expect(report).toContain(`| removed | \`operations.${removed.operationId}\` |`);
  });

  it('runs as npm run review starts it (scripts/launch.mjs), JSON on stdout and a JUnit file', async () => {
    const junit = path.join(tmp.dir, 'review.junit.xml');
    const args = [path.join(root, 'scripts/launch.mjs'), 'tools/review/cli.ts', '--spec', spec, '--out', out];
    const failed = await run(process.execPath, [...args, '--format', 'json', '--junit', junit], {
      cwd: root,
    }).catch((error: { code: number; stdout: string }) => error);
    expect('code' in failed && failed.code).toBe(1);
    const json = JSON.parse(failed.stdout);
    expect(json).toMatchObject({ passed: false, version: { next: major } });
    expect(json.findings).toContainEqual(
      expect.objectContaining({ rule: 'path-removed', level: 'breaking', operation: removed.key }),
    );
    expect(await readFile(junit, 'utf8')).toContain(`failures="${json.gate.unacknowledged.length}"`);
  });

  it('passes once the change acknowledges it, and cuts a release into CHANGELOG.md', async () => {
    await edit((d) =>
      d.setIn(
        ['info', 'x-breaking-changes-acknowledged'],
        [{ operation: removed.key, reason: 'No client calls it (checked by the review test).' }],
      ),
    );
    // The gate passes (the report is written first), but a release needs info.version to move.
    await expect(review('--release')).rejects.toThrow(`info.version is still ${version}`);
    expect(await readFile(out, 'utf8')).toContain(
      '⚠️ **Breaking changes, acknowledged by x-breaking-changes-acknowledged.**',
    );

    await edit((d) => d.setIn(['info', 'version'], major));
    const released = await review('--release');
    expect(released.code).toBe(0);
    const changelog = await readFile(path.join(tmp.dir, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toMatch(/^# Changelog\n/);
    expect(changelog).toContain(`\n## ${major} - `);
    expect(changelog).toMatch(/\n## \S+ - \d{4}-\d{2}-\d{2}\n\n### Breaking\n\n/);
    expect(changelog).toContain(
      `### Breaking\n\n- \`${removed.key}\` (${removed.operationId}): Path \`${removed.path}\` was removed.`,
    );
  });

  it('says which ref is unknown', async () => {
    await expect(review('--base', 'no-such-ref')).rejects.toThrow('Unknown git ref "no-such-ref"');
  });
});
