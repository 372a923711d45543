// The rule coverage table of docs/reviewing-spec-changes.md, made from the rule registry: between the
// `<!-- rule-coverage -->` markers of the Markdown (so the page reads as a table on GitHub), written by
// `npx tsx tools/review/coverage-table.ts --write` and checked for drift by
// test/review/coverage-table.test.ts.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { rules } from './rules/index.ts';

export const docsFile = fileURLToPath(new URL('../../docs/reviewing-spec-changes.md', import.meta.url));
const START = '<!-- rule-coverage:start (generated from tools/review/rules/index.ts) -->';
const END = '<!-- rule-coverage:end -->';

const code = (s: string) => `\`${s}\``;
const list = (items: readonly string[]) => (items.length ? items.map(code).join(', ') : '—');

/** What the review reads alike before any rule compares (effective/), for the table's first row. */
export const EQUIVALENCES = [
  'keys, `required`, `enum`, `type`, scopes and alternatives in another order',
  'a schema moved into or out of a component, or a `$ref` chain; an `allOf` split whose parts add up to the same schema; keywords beside a `$ref` (3.1) applied with it',
  "`nullable: true`, `type: [x, 'null']` and a `oneOf` null branch; `exclusiveMinimum: true` (3.0) and `exclusiveMinimum: n` (3.1); an integer's `exclusiveMinimum: 0` and `minimum: 1`; `minLength: 0`, `readOnly: false` and their absence",
  "a parameter's `style`, `explode`, `required` written with their default values; `explode` on a single primitive; a parameter moved between its path item and its operation",
  'a media type spelled in another case, with its parameters in another order or a JSON type gaining `charset=utf-8`; a header name in another case on the wire',
  "inherited security and servers: each operation's own, else its path item's, else the document's",
  'a success range narrowed to codes inside it (`2XX` → `200`) with the same response',
];

/** The table: each rule, the kind of node it compares, the findings it reports, their oasdiff ids, what it covers. */
export function coverageTable(): string {
  const rows = rules.map(
    (rule) =>
      `| ${code(rule.name)} | ${rule.level} | ${list(rule.produces)} | ${list(rule.oasdiff)} | ${rule.covers.join('; ')} |`,
  );
  const equivalence = `| (normalisation) | every | — | — | read alike, no finding: ${EQUIVALENCES.join('; ')} |`;
  const header = [
    '| Rule | Compares | Findings | oasdiff ids | Edits it understands |',
    '|---|---|---|---|---|',
  ];
  return [START, ...header, equivalence, ...rows, END].join('\n');
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
