// The review as Markdown: one comment a reviewer reads top to bottom, most important first. Everything the
// spec (or a consumer file's name, a ref, a lint message) wrote goes through formats/escape.ts: no heading,
// HTML, image, mention, link or unclosed comment can come from a pull request's spec.
import path from 'node:path';
import { ACK_KEY, ackLabel } from './ack.ts';
import { type Finding, isBreaking } from './finding.ts';
import { markdownCode as code, markdownMessage, markdownText } from './formats/escape.ts';
import type { LintDelta } from './lint-delta.ts';
import type { Problem } from './pipeline.ts';
import type { Review } from './run.ts';
import type { TypeMember } from './types-diff.ts';

/** First line of every report: the workflow finds its own sticky comment by it. */
export const MARKER = '<!-- spec-review -->';
const MAX_ROWS = 60; // a PR comment holds 65,536 characters
const MAX_FINDINGS = 200;

function byOperation(findings: Finding[]): Map<string, Finding[]> {
  const map = new Map<string, Finding[]>();
  for (const f of findings) map.set(f.operation, [...(map.get(f.operation) ?? []), f]);
  return new Map([...map].sort(([a], [b]) => a.localeCompare(b)));
}

/** Who a breaking finding hits, when consumers' usage files are known. */
function consumersNote(f: Finding): string {
  if (!f.consumers) return '';
  const hit = f.consumers.length
    ? ` · hits ${f.consumers.map((c) => code(c)).join(', ')}`
    : ' · hits no known consumer';
  const maybe = f.consumersUnknown?.length
    ? ` · may hit ${f.consumersUnknown.map((c) => code(c)).join(', ')} (their usage files record no reads)`
    : '';
  return hit + maybe;
}

/** "  - Type of `amount` narrowed... — `schema-type-changed` · openapi.yaml:1154 · id `...`" */
function findingLine(f: Finding): string {
  const tag = f.level === 'info' ? ' _(docs)_' : '';
  const where = `${f.location.side === 'base' ? 'base ' : ''}${f.location.file}:${f.location.line}`;
  const breaking = f.level === 'breaking' ? ` · id ${code(f.id)}${consumersNote(f)}` : '';
  return `  - ${markdownMessage(f.message)}${tag} — ${code(f.rule)} · ${code(where)}${breaking}`;
}

function findingSection(title: string, findings: Finding[], review: Review): string[] {
  if (findings.length === 0) return [];
  const lines = [`### ${title}`, ''];
  let shown = 0;
  for (const [op, list] of byOperation(findings)) {
    if (shown >= MAX_FINDINGS) break;
    const id = review.operationIds[op];
    lines.push(
      `- **${code(op)}**${id ? ` (${code(id)})` : ''}`,
      ...list.slice(0, MAX_FINDINGS - shown).map(findingLine),
    );
    shown += list.length;
  }
  if (findings.length > MAX_FINDINGS)
    lines.push('', `… ${findings.length - MAX_FINDINGS} more: the JSON report (\`--json\`) has them all.`);
  return [...lines, ''];
}

function capped<T>(rows: T[], render: (row: T) => string): string[] {
  const out = rows.slice(0, MAX_ROWS).map(render);
  if (rows.length > MAX_ROWS) out.push(`| … ${rows.length - MAX_ROWS} more | | | |`);
  return out;
}

const problemRow = (p: Problem) =>
  `| ${p.severity} | ${code(`${p.tool}/${p.rule}`, true)} | ${markdownMessage(p.message, true)} | ${code(`${path.basename(p.file)}:${p.line}`, true)} |`;

function verdictLine({ gate, findings }: Review): string {
  if (gate.errors.length) return '❌ **The acknowledgement list is invalid** (see below).';
  const lint = gate.lintErrors.length
    ? ` **${gate.lintErrors.length} lint error(s) introduced** (fix them: see Lint).`
    : '';
  if (gate.unacknowledged.length)
    return `❌ **${gate.unacknowledged.length} unacknowledged breaking change(s).** Bump the major version or list their ids in ${code(`info.${ACK_KEY}`)} (docs/reviewing-spec-changes.md).${lint}`;
  if (lint) return `❌${lint}`;
  if (findings.some(isBreaking))
    return `⚠️ **Breaking changes, acknowledged by ${markdownText(gate.acknowledgedBy ?? '')}.**`;
  return '✅ **No breaking changes.**';
}

function summaryTable({ findings, lint, types, gaps, version }: Review): string[] {
  const breaking = findings.filter(isBreaking).length;
  const lintCell = lint ? `${lint.introduced.length} / ${lint.fixed.length}` : 'not run';
  const typesCell = types
    ? `${types.added.length} / ${types.removed.length} / ${types.changed.length}`
    : 'not run';
  return [
    `| Breaking | Non-breaking | Lint introduced / fixed | Type members added / removed / changed | Gaps marked / resolved | Version |`,
    '|---|---|---|---|---|---|',
    `| ${breaking} | ${findings.length - breaking} | ${lintCell} | ${typesCell} | ${gaps.marked.length} / ${gaps.resolved.length} | ${version.ok ? '✅' : '⚠️'} ${code(version.base, true)} → ${code(version.head, true)} |`,
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
  for (const e of gate.errors) lines.push(`- ❌ ${markdownMessage(e)}`);
  for (const u of gate.unused)
    lines.push(`- ⚠️ ${code(ackLabel(u))} is acknowledged but has no breaking change.`);
  if (gate.errors.length || gate.unused.length) lines.push('');
  return lines;
}

/** The check's message names the next version the changes need when info.version falls short. */
const versionLines = ({ version }: Review): string[] => [
  '### Version',
  '',
  `${version.ok ? '✅' : '⚠️'} ${markdownMessage(version.message)}.`,
  '',
];

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

const member = (m: TypeMember) => code(`${m.optional ? '?' : ''}: ${m.type}`, true);

function typeLines({ types }: Review): string[] {
  if (!types) return ['### Generated types', '', 'Not compared (`npm run review -- --types`).', ''];
  const rows = [
    ...types.removed.map((m) => `| removed | ${code(m.name, true)} | ${member(m)} | |`),
    ...types.changed.map(
      (c) => `| changed | ${code(c.name, true)} | ${member(c.before)} | ${member(c.after)} |`,
    ),
    ...types.added.map((m) => `| added | ${code(m.name, true)} | | ${member(m)} |`),
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
  for (const g of gaps.marked)
    lines.push(`- ➕ marked: ${code(g.where)} ${code(g.topic)}: ${markdownText(g.detail, 500)}`);
  for (const g of gaps.resolved)
    lines.push(`- ✔️ resolved: ${code(g.where)} ${code(g.topic)}: ${markdownText(g.detail, 500)}`);
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
    "<sub>Classified by the review's rules on the effective documents (tools/review/rules).</sub>",
    '',
  ].join('\n');
}
