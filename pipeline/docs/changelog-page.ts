// The "Changelog" page of the site, from CHANGELOG.md (written by `npm run review -- --release`, one entry per
// released info.version): breaking changes marked, and every operation it names linked to its section.
import type { ContractModel } from '@banking-api/contract';
import { operationAnchor } from './anchors.ts';

/** An entry's heading as the review writes it: `## 1.2.0 - 2026-11-23`. */
const ENTRY = /^## (\S+) - (\S+)\s*$/;

/** The entries of CHANGELOG.md, newest first as written; its title and preamble are dropped. */
export function changelogEntries(markdown: string): { version: string; date: string; body: string }[] {
  const entries: { version: string; date: string; lines: string[] }[] = [];
  for (const line of markdown.split(/\r?\n/)) {
    const heading = ENTRY.exec(line);
    if (heading) entries.push({ version: heading[1] ?? '', date: heading[2] ?? '', lines: [] });
    else entries.at(-1)?.lines.push(line);
  }
  return entries.map(({ version, date, lines }) => ({ version, date, body: lines.join('\n').trim() }));
}

/** `` `PUT /ar/pix/{id}` `` → a link to that operation's section, for the operations the contract still has. */
export function linkOperations(text: string, model: ContractModel): string {
  const byKey = new Map(model.operations.map((op) => [op.key, op]));
  return text.replace(/`([A-Z]+ \/[^`]*)`/g, (whole, key: string) => {
    const op = byKey.get(key);
    return op ? `[${whole}](${operationAnchor(op)})` : whole;
  });
}

/**
 * The review's `### Breaking` bullets each marked, so a breaking change stands out wherever it is quoted; every
 * `###` heading names its version, since Redoc makes each heading a section whose id must be unique.
 */
function markBreaking(body: string, version: string): string {
  let inBreaking = false;
  return body
    .split('\n')
    .map((line) => {
      if (!line.startsWith('### '))
        return inBreaking && line.startsWith('- ') ? `- **Breaking:** ${line.slice(2)}` : line;
      inBreaking = line === '### Breaking';
      return `### ${inBreaking ? '⚠ Breaking changes' : line.slice(4)} in ${version}`;
    })
    .join('\n');
}

/** The page body (Markdown, a description-only tag): each version a section, the current one named first. */
export function changelogPage(markdown: string, model: ContractModel): string {
  const entries = changelogEntries(markdown);
  const current = entries.some((e) => e.version === model.version)
    ? `This reference documents version **${model.version}**; its changes come first.`
    : `This reference documents version **${model.version}**, which has no entry yet (it is cut with \`npm run review -- --release\`).`;
  const sections = entries.map(
    (e) => `## ${e.version} (${e.date})\n\n${linkOperations(markBreaking(e.body, e.version), model)}`,
  );
  return [
    'Changes of the contract per released version, from the spec review of each release. Breaking changes are marked; an operation links to its reference.',
    current,
    ...sections,
  ].join('\n\n');
}
