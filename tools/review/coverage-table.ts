// The rule coverage table of docs/reviewing-spec-changes.md, made from the rule registry: between the
// `<!-- rule-coverage -->` markers of the Markdown (so the page reads as a table on GitHub), written by
// `npx tsx tools/review/coverage-table.ts --write` and checked for drift by
// test/review/coverage-table.test.ts.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { oasdiffIdsOf } from './oasdiff-ids.ts';
import { equivalenceCovers } from './rules/equivalence.ts';
import { rules } from './rules/index.ts';

export const docsFile = fileURLToPath(new URL('../../docs/reviewing-spec-changes.md', import.meta.url));
const START = '<!-- rule-coverage:start (generated from tools/review/rules/index.ts) -->';
const END = '<!-- rule-coverage:end -->';

const code = (s: string) => `\`${s}\``;
const list = (items: string[]) => (items.length ? items.map(code).join(', ') : '—');

/** The table: each rule, the engine checks it reads, the oasdiff ids it corresponds to, what it covers. */
export function coverageTable(): string {
  const rows = rules.map((rule) => {
    const reported = [...(rule.engineRules ?? []), ...(rule.produces ?? [])];
    const oasdiff = [...new Set([...reported, rule.name].flatMap(oasdiffIdsOf))];
    return `| ${code(rule.name)} | ${list(rule.engineRules ?? [])} | ${list(oasdiff)} | ${rule.covers.join('; ')} |`;
  });
  const equivalence = `| (equivalence) | — | — | ${equivalenceCovers.join('; ')} |`;
  const header = [
    '| Rule | `redocly diff` checks it reports | oasdiff ids | Edits it understands |',
    '|---|---|---|---|',
  ];
  return [START, ...header, ...rows, equivalence, END].join('\n');
}

/** The Markdown with the table between its markers replaced by `table`. */
export function withTable(markdown: string, table: string): string {
  const [start, end] = [markdown.indexOf(START), markdown.indexOf(END)];
  if (start === -1 || end === -1) throw new Error(`${docsFile}: the rule-coverage markers are missing`);
  return markdown.slice(0, start) + table + markdown.slice(end + END.length);
}

if (process.argv.includes('--write')) {
  await writeFile(docsFile, withTable(await readFile(docsFile, 'utf8'), coverageTable()));
}
