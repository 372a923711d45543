// The review as GitHub Actions workflow commands: each finding annotates its line of the spec in the pull
// request (`::error file=openapi.yaml,line=12,title=...::message`). Unacknowledged breaking changes are
// errors, acknowledged ones warnings, the rest notices.
import type { Finding } from '../finding.ts';
import type { Review } from '../run.ts';

// https://github.com/actions/toolkit/blob/main/packages/core/src/command.ts (escapeData, escapeProperty)
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

type Command = 'error' | 'warning' | 'notice';

function command(name: Command, properties: Record<string, string | number>, message: string): string {
  const props = Object.entries(properties)
    .map(([k, v]) => `${k}=${escapeProperty(String(v))}`)
    .join(',');
  return `::${name}${props ? ` ${props}` : ''}::${escapeData(message)}`;
}

function level(f: Finding, unacknowledged: Set<string>): Command {
  if (f.level !== 'breaking') return 'notice';
  return unacknowledged.has(f.id) ? 'error' : 'warning';
}

/** `specFile`: the head spec as the repository names it (a removal annotates the head too). */
function annotation(f: Finding, unacknowledged: Set<string>, specFile: string): string {
  const file = f.location.side === 'head' ? f.location.file : specFile;
  const title = `${f.level === 'breaking' ? 'Breaking' : f.level === 'info' ? 'Docs' : 'Non-breaking'}: ${f.operation} (${f.rule})`;
  const removed = f.location.side === 'base' ? ` (removed; base line ${f.location.line})` : '';
  return command(
    level(f, unacknowledged),
    { file, line: f.location.headLine, title },
    `${f.message}${removed}\nid: ${f.id}${f.consumers ? `\nconsumers hit: ${f.consumers.join(', ') || 'none known'}` : ''}`,
  );
}

export function renderGithub(review: Review, specFile: string): string {
  const unacknowledged = new Set(review.gate.unacknowledged);
  const lines = review.findings.map((f) => annotation(f, unacknowledged, specFile));
  for (const e of review.gate.errors) lines.push(command('error', { title: 'Spec review' }, e));
  if (!review.version.ok)
    lines.push(command('warning', { title: 'Spec review: version' }, review.version.message));
  return `${lines.join('\n')}\n`;
}
