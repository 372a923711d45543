// The registry of review rules: every rule file registered once, with a test file of its own, a unique name,
// and every oasdiff id it lists known to oasdiff's catalogue.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rules } from '../../../tools/review/rules/index.ts';
import { oasdiffKnows } from '../../../tools/review/rules/oasdiff-catalogue.ts';

const rulesDir = fileURLToPath(new URL('../../../tools/review/rules/', import.meta.url));
const testsDir = fileURLToPath(new URL('./', import.meta.url));
const LEVELS = ['bodies', 'document', 'operations', 'parameters', 'responses', 'schemas'];

describe('the registered rules', () => {
  it('have unique names', () => {
    expect(new Set(rules.map((r) => r.name)).size).toBe(rules.length);
  });

  it('are every rule file, each with its own test file', async () => {
    for (const level of LEVELS) {
      const files = (await readdir(path.join(rulesDir, level))).filter((f) => f.endsWith('.ts'));
      const tests = new Set(await readdir(path.join(testsDir, level)));
      for (const file of files)
        expect(tests, `${level}/${file}`).toContain(file.replace(/\.ts$/, '.test.ts'));
    }
    const count = (await Promise.all(LEVELS.map((l) => readdir(path.join(rulesDir, l))))).flat().length;
    expect(rules).toHaveLength(count);
  });

  it('list only oasdiff ids oasdiff has', () => {
    for (const rule of rules)
      for (const id of rule.oasdiff) expect(oasdiffKnows(id), `${rule.name}: ${id}`).toBe(true);
  });
});
