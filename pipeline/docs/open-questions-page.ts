// The "Open questions" guide, generated from the model's gaps (the spec's x-unspecified markers), document-wide
// and per operation.

import type { ContractModel, Operation } from '@banking-api/contract';
import { GAP_TOPICS } from '../../model/gap-topics.js';

export const topicLabel = (topic: string) => GAP_TOPICS[topic] ?? topic;

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Per topic, the operations that leave it open, with what they leave open. */
function gapsByTopic(operations: readonly Operation[]): Map<string, { op: Operation; detail: string }[]> {
  const byTopic = new Map<string, { op: Operation; detail: string }[]>();
  for (const op of operations)
    for (const gap of op.gaps) {
      const list = byTopic.get(gap.topic) ?? [];
      list.push({ op, detail: gap.detail });
      byTopic.set(gap.topic, list);
    }
  return byTopic;
}

/** Markdown body of the guide (its title is the tag name). */
export function openQuestions(model: ContractModel): string {
  const count = model.gaps.length + model.operations.reduce((n, op) => n + op.gaps.length, 0);
  const out = [
    `The contract leaves ${count} points open ("not shown"). The spec marks each one with an \`x-unspecified\` ` +
      'entry, and this page is generated from those markers at build time, so it always lists exactly what ' +
      'the spec says is open. Do not build on a guess about any of them: ask the API team.',
    '',
    '## Whole API',
    '',
    '| Topic | What is open |',
    '|---|---|',
    ...model.gaps.map((gap) => `| ${topicLabel(gap.topic)} | ${cell(gap.detail)} |`),
  ];
  const topics = [...gapsByTopic(model.operations)].sort(([a], [b]) =>
    topicLabel(a).localeCompare(topicLabel(b)),
  );
  for (const [topic, items] of topics) {
    out.push('', `## ${topicLabel(topic)}`, '', '| Operation | What is open |', '|---|---|');
    for (const { op, detail } of items)
      out.push(`| ${cell(op.summary)} (\`${op.method} ${op.path}\`) | ${cell(detail)} |`);
  }
  return `${out.join('\n')}\n`;
}
