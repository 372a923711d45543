// CHANGELOG.md entries from the review's classification, written when a version is cut.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import type { Finding } from './finding.ts';
import type { Review } from './run.ts';

const HEADER =
  '# Changelog\n\nGenerated from the spec review (`npm run review -- --release`): one entry per released `info.version`.\n';

/** One bullet per operation and message (a shared change repeats under each operation it touches). */
function bullets(findings: Finding[], review: Review): string[] {
  const line = (f: Finding) => {
    const id = review.operationIds[f.operation];
    return `- \`${f.operation}\`${id ? ` (${id})` : ''}: ${f.message}`;
  };
  return [...new Set(findings.map(line))];
}

export function changelogEntry(review: Review, date: string): string {
  const sections: [string, string[]][] = [
    [
      'Breaking',
      bullets(
        review.findings.filter((f) => f.impact === 'major'),
        review,
      ),
    ],
    [
      'Non-breaking',
      bullets(
        review.findings.filter((f) => f.impact === 'minor'),
        review,
      ),
    ],
    [
      'Documentation',
      bullets(
        review.findings.filter((f) => f.impact === 'patch'),
        review,
      ),
    ],
    ['Gaps resolved', review.gaps.resolved.map((g) => `- \`${g.where}\` ${g.topic}: ${g.detail}`)],
    ['Gaps marked', review.gaps.marked.map((g) => `- \`${g.where}\` ${g.topic}: ${g.detail}`)],
  ];
  const body = sections
    .filter(([, items]) => items.length)
    .flatMap(([title, items]) => [`### ${title}`, '', ...items, '']);
  return [
    `## ${review.version.head} - ${date}`,
    '',
    ...(body.length ? body : ['No API changes.', '']),
    '',
  ].join('\n');
}

/** Adds the entry for review.version.head at the top; refuses a version already there or not moved. */
export async function writeChangelog(
  file: string,
  review: Review,
  date = new Date().toISOString().slice(0, 10),
) {
  const { base, head, actual } = review.version;
  if (actual === 'none')
    throw new Error(`info.version is still ${head} (as at the base): bump it before cutting a release`);
  if (!review.version.ok) throw new Error(`Cannot release: ${review.version.message}`);
  const current = existsSync(file) ? await readFile(file, 'utf8') : HEADER;
  if (current.includes(`\n## ${head} `)) throw new Error(`${file} already has an entry for ${head}`);
  const at = current.search(/^## /m);
  const entry = changelogEntry(review, date);
  const next =
    at === -1 ? `${current.trimEnd()}\n\n${entry}` : `${current.slice(0, at)}${entry}${current.slice(at)}`;
  await writeFile(file, next.replace(/\n{3,}/g, '\n\n'));
  return `${file}: added ${head} (from ${base})`;
}
