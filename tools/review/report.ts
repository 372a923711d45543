// The review as Markdown: one comment a reviewer reads top to bottom, most important first.
import path from 'node:path';
import { ACK_KEY, ackLabel } from './ack.ts';
import { type Finding, isBreaking } from './finding.ts';
import type { LintDelta } from './lint-delta.ts';
import type { Problem } from './pipeline.ts';
import type { Review } from './run.ts';
import type { TypeMember } from './types-diff.ts';

/** First line of every report: the workflow finds its own sticky comment by it. */
export const MARKER = '<!-- spec-review -->';
const MAX_ROWS = 60; // a PR comment holds 65,536 characters

const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function byOperation(findings: Finding[]): Map<string, Finding[]> {
  const map = new Map<string, Finding[]>();
  for (const f of findings) map.set(f.operation, [...(map.get(f.operation) ?? []), f]);
  return new Map([...map].sort(([a], [b]) => a.localeCompare(b)));
}

/** Who a breaking finding hits, when consumers' usage files are known. */
function consumersNote(f: Finding): string {
  if (!f.consumers) return '';
  return f.consumers.length ? ` · hits ${f.consumers.map(code).join(', ')}` : ' · hits no known consumer';
}

/** "  - Type of `amount` narrowed... — `schema-type-changed` · openapi.yaml:1154 · id `...`" */
function findingLine(f: Finding): string {
  const tag = f.level === 'info' ? ' _(docs)_' : '';
  const rule = `${code(f.rule)}${f.source === 'review' ? ' (review rule)' : ''}`;
  const where = `${f.location.side === 'base' ? 'base ' : ''}${f.location.file}:${f.location.line}`;
  return `  - ${f.message}${tag} — ${rule} · ${code(where)}${f.level === 'breaking' ? ` · id ${code(f.id)}${consumersNote(f)}` : ''}`;
}

function findingSection(title: string, findings: Finding[], review: Review): string[] {
  if (findings.length === 0) return [];
  const lines = [`### ${title}`, ''];
  for (const [op, list] of byOperation(findings)) {
    const id = review.operationIds[op];
    lines.push(`- **${code(op)}**${id ? ` (${id})` : ''}`, ...list.map(findingLine));
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

function verdictLine({ gate, findings }: Review): string {
  if (gate.errors.length) return '❌ **The acknowledgement list is invalid** (see below).';
  if (!gate.passed)
    return `❌ **${gate.unacknowledged.length} unacknowledged breaking change(s).** Bump the major version or list their ids in ${code(`info.${ACK_KEY}`)} (docs/reviewing-spec-changes.md).`;
  if (findings.some(isBreaking)) return `⚠️ **Breaking changes, acknowledged by ${gate.acknowledgedBy}.**`;
  return '✅ **No breaking changes.**';
}

function summaryTable({ findings, lint, types, gaps, version }: Review): string[] {
  const breaking = findings.filter(isBreaking).length;
  const lintCell = lint ? `${lint.introduced.length} / ${lint.fixed.length}` : 'not run';
  return [
    `| Breaking | Non-breaking | Lint introduced / fixed | Type members added / removed / changed | Gaps marked / resolved | Version |`,
    '|---|---|---|---|---|---|',
    `| ${breaking} | ${findings.length - breaking} | ${lintCell} | ${types.added.length} / ${types.removed.length} / ${types.changed.length} | ${gaps.marked.length} / ${gaps.resolved.length} | ${version.ok ? '✅' : '⚠️'} ${code(version.base)} → ${code(version.head)} |`,
    '',
  ];
}

function gateLines({ gate }: Review): string[] {
  const lines: string[] = [];
  if (gate.unacknowledged.length)
    lines.push(
      '**Unacknowledged** (ids for the acknowledgement list):',
      '',
      ...gate.unacknowledged.map((id) => `- ${code(id)}`),
      '',
    );
  for (const e of gate.errors) lines.push(`- ❌ ${e}`);
  for (const u of gate.unused)
    lines.push(`- ⚠️ ${code(ackLabel(u))} is acknowledged but has no breaking change.`);
  if (gate.errors.length || gate.unused.length) lines.push('');
  return lines;
}

/** The check's message names the next version the changes need when info.version falls short. */
function versionLines({ version }: Review): string[] {
  return ['### Version', '', `${version.ok ? '✅' : '⚠️'} ${version.message}.`, ''];
}

function lintLines(lint: LintDelta | undefined): string[] {
  const lines = ['### Lint', ''];
  if (!lint) return [...lines, 'Not run (`npm run review -- --lint`).', ''];
  if (!lint.introduced.length && !lint.fixed.length)
    return [...lines, 'No lint problems introduced or fixed.', ''];
  for (const [title, list] of [
    ['Introduced', lint.introduced],
    ['Fixed', lint.fixed],
  ] as const) {
    if (!list.length) continue;
    lines.push(`**${title}**`, '', '| Severity | Rule | Message | Where |', '|---|---|---|---|');
    lines.push(...capped(list, problemRow), '');
  }
  return lines;
}

const member = (m: TypeMember) => code(`${m.optional ? '?' : ''}: ${m.type}`);

function typeLines({ types }: Review): string[] {
  const rows = [
    ...types.removed.map((m) => `| removed | ${code(m.name)} | ${member(m)} | |`),
    ...types.changed.map((c) => `| changed | ${code(c.name)} | ${member(c.before)} | ${member(c.after)} |`),
    ...types.added.map((m) => `| added | ${code(m.name)} | | ${member(m)} |`),
  ];
  if (rows.length === 0) return ['### Generated types', '', 'No change in the generated types.', ''];
  return [
    '### Generated types',
    '',
    '<details><summary>Type members (generated/api.d.ts)</summary>',
    '',
    '| | Member | Before | After |',
    '|---|---|---|---|',
    ...capped(rows, (r) => r),
    '',
    '</details>',
    '',
  ];
}

function gapLines({ gaps }: Review): string[] {
  const lines = ['### "Not shown" gaps', ''];
  if (!gaps.marked.length && !gaps.resolved.length) return [...lines, 'No gaps marked or resolved.', ''];
  for (const g of gaps.marked) lines.push(`- ➕ marked: ${code(g.where)} ${code(g.topic)}: ${g.detail}`);
  for (const g of gaps.resolved) lines.push(`- ✔️ resolved: ${code(g.where)} ${code(g.topic)}: ${g.detail}`);
  return [...lines, ''];
}

export function renderReport(review: Review): string {
  const { findings } = review;
  return [
    MARKER,
    `## Spec review: ${code(review.baseLabel)} → ${code(review.headLabel)}`,
    '',
    verdictLine(review),
    '',
    ...summaryTable(review),
    ...gateLines(review),
    ...findingSection('Breaking changes', findings.filter(isBreaking), review),
    ...findingSection(
      'Non-breaking changes',
      findings.filter((f) => !isBreaking(f)),
      review,
    ),
    ...(findings.length === 0 ? ['No API changes.', ''] : []),
    ...versionLines(review),
    ...lintLines(review.lint),
    ...typeLines(review),
    ...gapLines(review),
    `<sub>Classified by \`redocly diff\` (diff-recommended rules) plus the review's rules (tools/review/rules).</sub>`,
    '',
  ].join('\n');
}
