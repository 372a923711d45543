// The review as Markdown: one comment a reviewer reads top to bottom, most important first.
import path from 'node:path';
import { ACK_KEY } from './ack.ts';
import { type Change, isBreaking } from './change.ts';
import type { Problem } from './pipeline.ts';
import type { Review } from './run.ts';

/** First line of every report: the workflow finds its own sticky comment by it. */
export const MARKER = '<!-- spec-review -->';
const MAX_ROWS = 60; // a PR comment holds 65,536 characters

const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function byOperation(changes: Change[]): Map<string, Change[]> {
  const map = new Map<string, Change[]>();
  for (const c of changes) for (const op of c.operations) map.set(op, [...(map.get(op) ?? []), c]);
  return new Map([...map].sort(([a], [b]) => a.localeCompare(b)));
}

function changeSection(title: string, changes: Change[], review: Review): string[] {
  if (changes.length === 0) return [];
  const lines = [`### ${title}`, ''];
  for (const [op, list] of byOperation(changes)) {
    const id = review.operationIds[op];
    lines.push(`- **${code(op)}**${id ? ` (${id})` : ''}`);
    for (const c of list) {
      const tag = c.impact === 'patch' ? ' _(docs)_' : '';
      lines.push(`  - ${c.message}${tag} — ${code(c.rule)}${c.source === 'review' ? ' (review rule)' : ''}`);
    }
  }
  return [...lines, ''];
}

function capped<T>(rows: T[], render: (row: T) => string): string[] {
  const out = rows.slice(0, MAX_ROWS).map(render);
  if (rows.length > MAX_ROWS) out.push(`| … ${rows.length - MAX_ROWS} more | | |`);
  return out;
}

const problemRow = (p: Problem) =>
  `| ${p.severity} | ${code(`${p.tool}/${p.rule}`)} | ${cell(p.message)} | ${code(`${path.basename(p.file)}:${p.line}`)} |`;

export function renderReport(review: Review): string {
  const { changes, gate, version, lint, types, gaps } = review;
  const breaking = changes.filter(isBreaking);
  const other = changes.filter((c) => !isBreaking(c));
  const verdict = !gate.passed
    ? gate.errors.length
      ? '❌ **The acknowledgement list is invalid** (see below).'
      : `❌ **${gate.unacknowledged.length} operation(s) with unacknowledged breaking changes.** Bump the major version or list them in ${code(`info.${ACK_KEY}`)} (docs/reviewing-spec-changes.md).`
    : breaking.length
      ? `⚠️ **Breaking changes, acknowledged by ${gate.acknowledgedBy}.**`
      : '✅ **No breaking changes.**';
  const lines = [
    MARKER,
    `## Spec review: ${code(review.baseLabel)} → ${code(review.headLabel)}`,
    '',
    verdict,
    '',
    `| Breaking | Non-breaking | Lint introduced / fixed | Type members added / removed / changed | Gaps marked / resolved | Version |`,
    '|---|---|---|---|---|---|',
    `| ${breaking.length} | ${other.length} | ${lint.introduced.length} / ${lint.fixed.length} | ${types.added.length} / ${types.removed.length} / ${types.changed.length} | ${gaps.marked.length} / ${gaps.resolved.length} | ${version.ok ? '✅' : '⚠️'} ${code(version.base)} → ${code(version.head)} |`,
    '',
  ];
  if (gate.unacknowledged.length) {
    lines.push(`**Unacknowledged:** ${gate.unacknowledged.map(code).join(', ')}`, '');
  }
  for (const e of gate.errors) lines.push(`- ❌ ${e}`);
  for (const u of gate.unused)
    lines.push(`- ⚠️ ${code(u.operation)} is acknowledged but has no breaking change.`);
  if (gate.errors.length || gate.unused.length) lines.push('');
  lines.push(...changeSection('Breaking changes', breaking, review));
  lines.push(...changeSection('Non-breaking changes', other, review));
  if (changes.length === 0) lines.push('No API changes.', '');

  lines.push('### Version', '', `${version.ok ? '✅' : '⚠️'} ${version.message}.`, '');

  lines.push('### Lint', '');
  if (!lint.introduced.length && !lint.fixed.length) lines.push('No lint problems introduced or fixed.', '');
  for (const [title, list] of [
    ['Introduced', lint.introduced],
    ['Fixed', lint.fixed],
  ] as const) {
    if (!list.length) continue;
    lines.push(`**${title}**`, '', '| Severity | Rule | Message | Where |', '|---|---|---|---|');
    lines.push(...capped(list, problemRow), '');
  }

  lines.push('### Generated types', '');
  const typeRows = [
    ...types.removed.map(
      (m) => `| removed | ${code(m.name)} | ${code(`${m.optional ? '?' : ''}: ${m.type}`)} | |`,
    ),
    ...types.changed.map(
      (c) =>
        `| changed | ${code(c.name)} | ${code(`${c.before.optional ? '?' : ''}: ${c.before.type}`)} | ${code(`${c.after.optional ? '?' : ''}: ${c.after.type}`)} |`,
    ),
    ...types.added.map(
      (m) => `| added | ${code(m.name)} | | ${code(`${m.optional ? '?' : ''}: ${m.type}`)} |`,
    ),
  ];
  if (typeRows.length === 0) lines.push('No change in the generated types.', '');
  else {
    lines.push('<details><summary>Type members (generated/api.d.ts)</summary>', '');
    lines.push(
      '| | Member | Before | After |',
      '|---|---|---|---|',
      ...capped(typeRows, (r) => r),
      '',
      '</details>',
      '',
    );
  }

  lines.push('### "Not shown" gaps', '');
  if (!gaps.marked.length && !gaps.resolved.length) lines.push('No gaps marked or resolved.', '');
  for (const g of gaps.marked) lines.push(`- ➕ marked: ${code(g.where)} ${code(g.topic)}: ${g.detail}`);
  for (const g of gaps.resolved) lines.push(`- ✔️ resolved: ${code(g.where)} ${code(g.topic)}: ${g.detail}`);
  if (gaps.marked.length || gaps.resolved.length) lines.push('');

  lines.push(
    `<sub>Classified by \`redocly diff\` (diff-recommended rules) plus the review's client rules.</sub>`,
    '',
  );
  return lines.join('\n');
}
