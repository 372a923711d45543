// The rule coverage table of docs/reviewing-spec-changes.md is the registry's: regenerate it with
// `npx tsx tools/review/coverage-table.ts --write` when a rule changes.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { coverageTable, docsFile, withTable } from '../../tools/review/coverage-table.ts';
import { rules } from '../../tools/review/rules/index.ts';

describe('the rule coverage table', () => {
  it('in the docs is the one the registry makes', async () => {
    const docs = await readFile(docsFile, 'utf8');
    expect(withTable(docs, coverageTable())).toBe(docs);
  });

  it('has a row per registered rule', () => {
    const table = coverageTable();
    for (const rule of rules) expect(table).toContain(`| \`${rule.name}\` |`);
  });
});
