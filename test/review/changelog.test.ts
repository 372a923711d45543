// CHANGELOG.md entries from a review's classification.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { changelogEntry, writeChangelog } from '../../tools/review/changelog-entries.ts';
import { type Finding, levelOf } from '../../tools/review/finding.ts';
import type { Review } from '../../tools/review/run.ts';
import { checkVersion } from '../../tools/review/semver.ts';
import { fixtureDir } from './helpers.ts';

const finding = (impact: Finding['impact'], operation: string, rule: string, message: string): Finding => ({
  id: `${rule}:${operation}:#`,
  rule,
  level: levelOf(impact),
  impact,
  operation,
  message,
  directions: [],
  fields: [],
  location: { side: 'head', file: 'openapi.yaml', line: 1, pointer: '#', headLine: 1 },
});

const review = (base: string, head: string): Review => ({
  baseLabel: 'v1',
  headLabel: 'working tree',
  findings: [
    finding('major', 'DELETE /a', 'path-removed', 'Path `/a` was removed.'),
    finding('minor', 'POST /b', 'added', 'Added path `/b`'),
    finding('patch', 'POST /b', 'modified', 'Changed `description` of the operation'),
  ],
  lint: { introduced: [], fixed: [] },
  types: { added: [], removed: [], changed: [] },
  gaps: {
    marked: [],
    resolved: [{ where: 'POST /b', topic: 'limits', detail: 'Amount bounds are not shown.' }],
  },
  version: checkVersion(base, head, 'major'),
  gate: {
    breakingOperations: ['DELETE /a'],
    acknowledgedBy: 'major version bump',
    unacknowledged: [],
    unused: [],
    errors: [],
    lintErrors: [],
    passed: true,
  },
  consumers: [],
  operationIds: { 'DELETE /a': 'deleteA', 'POST /b': 'createB' },
});

let tmp: Awaited<ReturnType<typeof fixtureDir>>;
beforeAll(async () => {
  tmp = await fixtureDir();
});
afterAll(() => tmp?.dispose());

it('groups the entry by impact and names each operation', () => {
  expect(changelogEntry(review('1.0.0', '2.0.0'), '2026-11-23')).toBe(
    [
      '## 2.0.0 - 2026-11-23',
      '',
      '### Breaking',
      '',
      '- `DELETE /a` (deleteA): Path `/a` was removed.',
      '',
      '### Non-breaking',
      '',
      '- `POST /b` (createB): Added path `/b`',
      '',
      '### Documentation',
      '',
      '- `POST /b` (createB): Changed `description` of the operation',
      '',
      '### Gaps resolved',
      '',
      '- `POST /b` limits: Amount bounds are not shown.',
      '',
      '',
    ].join('\n'),
  );
});

it('puts the newest entry first and refuses a version twice', async () => {
  const file = path.join(tmp.dir, 'CHANGELOG.md');
  await writeFile(file, '# Changelog\n\nIntro.\n\n## 1.0.0 - 2026-01-01\n\nFirst.\n');
  await writeChangelog(file, review('1.0.0', '2.0.0'), '2026-11-23');
  const text = await readFile(file, 'utf8');
  expect(text.indexOf('## 2.0.0 - 2026-11-23')).toBeLessThan(text.indexOf('## 1.0.0 - 2026-01-01'));
  expect(text.startsWith('# Changelog\n\nIntro.\n\n## 2.0.0')).toBe(true);
  await expect(writeChangelog(file, review('1.0.0', '2.0.0'))).rejects.toThrow(
    'already has an entry for 2.0.0',
  );
  await expect(writeChangelog(file, review('2.0.0', '2.0.0'))).rejects.toThrow('info.version is still 2.0.0');
  await expect(writeChangelog(file, review('2.0.0', '2.1.0'))).rejects.toThrow('Cannot release');
});
