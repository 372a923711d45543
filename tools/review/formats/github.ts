// The review as GitHub Actions workflow commands: each finding annotates its line of the spec in the pull
// request (`::error file=openapi.yaml,line=12,title=...::message`). Unacknowledged breaking changes and lint
// errors the change introduces are errors, acknowledged breaks warnings, the rest notices. Spec text is made
// visible first (no control or bidi character), then encoded as workflow commands require (escape.ts).
import type { Finding } from '../finding.ts';
import type { Problem } from '../pipeline.ts';
import type { Review } from '../run.ts';
import { visible } from '../text/plain.ts';
import { commandData, commandProperty } from './escape.ts';

type Command = 'error' | 'warning' | 'notice';

/** One workflow command on one line: properties and message encoded, every spec-written line made visible. */
function command(name: Command, properties: Record<string, string | number>, message: string): string {
  const props = Object.entries(properties)
    .map(([k, v]) => `${k}=${commandProperty(visible(String(v), 300))}`)
    .join(',');
  const data = message
    .split('\n')
    .map((line) => visible(line, 2000))
    .join('\n');
  return `::${name}${props ? ` ${props}` : ''}::${commandData(data)}`;
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
  const consumers = f.consumers ? `\nconsumers hit: ${f.consumers.join(', ') || 'none known'}` : '';
  return command(
    level(f, unacknowledged),
    { file, line: f.location.headLine, title },
    `${f.message}${removed}\nid: ${f.id}${consumers}`,
  );
}

const lintAnnotation = (p: Problem, specFile: string) =>
  command(
    'error',
    { file: specFile, line: p.line, title: `Lint error introduced: ${p.tool}/${p.rule}` },
    p.message,
  );

export function renderGithub(review: Review, specFile: string): string {
  const unacknowledged = new Set(review.gate.unacknowledged);
  const lines = review.findings.map((f) => annotation(f, unacknowledged, specFile));
  lines.push(...review.gate.lintErrors.map((p) => lintAnnotation(p, specFile)));
  for (const e of review.gate.errors) lines.push(command('error', { title: 'Spec review' }, e));
  if (!review.version.ok)
    lines.push(command('warning', { title: 'Spec review: version' }, review.version.message));
  return `${lines.join('\n')}\n`;
}
