// The "Open questions" guide, generated from the spec's x-unspecified markers (document-wide and per operation).
import { type Json, type Operation, operations, type Unspecified } from './spec.ts';

const LABELS: Record<string, string> = {
  'required-fields': 'Required fields',
  response: 'Response',
  'allowed-values': 'Allowed values',
  transitions: 'Status transitions',
  'status-values': 'Status values',
  limits: 'Limits',
  'error-codes': 'Error codes',
  'idempotency-replay': 'Repeated idempotency identifier',
  scopes: 'Token scopes',
  'event-payloads': 'Events and deliveries',
  envelope: 'Envelopes',
  'auth-issuance': 'Token and certificate issuance',
  versioning: 'Versioning',
};

export const topicLabel = (topic: string) => LABELS[topic] ?? topic;

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Markdown body of the guide (its title is the tag name). */
export function openQuestions(doc: Json): string {
  const info = (doc.info ?? {}) as Json;
  const whole = (info['x-unspecified'] ?? []) as Unspecified[];
  const ops = operations(doc);
  const byTopic = new Map<string, { op: Operation; detail: string }[]>();
  for (const op of ops)
    for (const u of op.unspecified) {
      const list = byTopic.get(u.topic) ?? [];
      list.push({ op, detail: u.detail });
      byTopic.set(u.topic, list);
    }
  const count = whole.length + ops.reduce((n, op) => n + op.unspecified.length, 0);
  const out = [
    `The contract leaves ${count} points open ("not shown"). The spec marks each one with an \`x-unspecified\` ` +
      'entry, and this page is generated from those markers at build time, so it always lists exactly what ' +
      'the spec says is open. Do not build on a guess about any of them: ask the API team.',
    '',
    '## Whole API',
    '',
    '| Topic | What is open |',
    '|---|---|',
    ...whole.map((u) => `| ${topicLabel(u.topic)} | ${cell(u.detail)} |`),
  ];
  for (const [topic, items] of [...byTopic].sort(([a], [b]) => topicLabel(a).localeCompare(topicLabel(b)))) {
    out.push('', `## ${topicLabel(topic)}`, '', '| Operation | What is open |', '|---|---|');
    for (const { op, detail } of items)
      out.push(`| ${cell(op.summary)} (\`${op.method} ${op.path}\`) | ${cell(detail)} |`);
  }
  return `${out.join('\n')}\n`;
}
