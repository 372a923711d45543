// Turns the engine's report into changes per operation ("METHOD /path"), adds our client rules on top.
import type { EngineChange, EngineReport, Impact } from './diff-engine.ts';
import { getAt, METHODS, operationsAt, parsePointer, reachableRefs } from './operations.ts';
import { type renamedOperations, renamedPathParameters } from './path-params.ts';

export type Change = {
  impact: Impact;
  /** "METHOD /path" keys, "document" for document-wide parts. */
  operations: string[];
  rule: string;
  source: 'redocly diff' | 'review';
  message: string;
  pointer: string;
};

export const isBreaking = (c: Change) => c.impact === 'major';

// Reported in their own sections of the review, not as API changes.
const OWN_SECTIONS = /\/(x-unspecified|x-breaking-changes-acknowledged)(\/|$)/;

/** `renames`: operations whose path parameter was renamed, reported (and acknowledged) under their new key only. */
export function classify(
  report: EngineReport,
  base: unknown,
  head: unknown,
  renames: ReturnType<typeof renamedOperations>,
): Change[] {
  const refs = { base: reachableRefs(base), head: reachableRefs(head) };
  const changes: Change[] = [];
  for (const change of report.changes) {
    const pointers = [change.path, change.base?.pointer, change.revision?.pointer].filter(
      Boolean,
    ) as string[];
    if (pointers.some((p) => OWN_SECTIONS.test(p)) || change.property?.startsWith('x-breaking-changes'))
      continue;
    if (change.path === '#/info' && change.property === 'version') continue; // the report's Version section
    const operations = new Set<string>();
    const doc = change.kind === 'removed' ? base : head;
    const add = (pointer: string, side: unknown, sideRefs: Map<string, Set<string>>) => {
      for (const op of operationsAt(pointer, side, sideRefs)) operations.add(renames.get(op) ?? op);
    };
    add(change.path, doc, change.kind === 'removed' ? refs.base : refs.head);
    if (change.base) add(change.base.pointer, base, refs.base);
    if (change.revision) add(change.revision.pointer, head, refs.head);
    if (operations.size > 1) operations.delete('document');
    const where = {
      operations: [...operations].sort(),
      source: 'redocly diff' as const,
      pointer: change.path,
    };
    if (change.verdicts.length === 0) {
      changes.push({ ...where, impact: change.impact, rule: change.kind, message: describe(change, doc) });
    }
    for (const v of change.verdicts)
      changes.push({ ...where, impact: v.impact, rule: v.ruleId, message: v.message });
  }
  return [...changes, ...renamedPathParameters(renames)];
}

/** Highest impact among changes. */
export function overallImpact(changes: Change[]): Impact | 'none' {
  for (const level of ['major', 'minor', 'patch'] as const)
    if (changes.some((c) => c.impact === level)) return level;
  return 'none';
}

/** "Added request body field `accountDigit`" from a change the engine reports without a verdict. */
function describe(change: EngineChange, doc: unknown): string {
  const segments = parsePointer(change.path);
  let rest = segments;
  if (segments[0] === 'paths') {
    rest = segments.slice(METHODS.includes(segments[2] as (typeof METHODS)[number]) ? 3 : 2);
    const what = segments.length > 2 ? 'the operation' : `path \`${segments[1]}\``;
    if (rest.length === 0)
      return change.property
        ? `Changed \`${change.property}\` of ${what}`
        : `${capital(change.kind)} ${what}`;
  }
  const parts: string[] = [];
  const fields: string[] = [];
  const prefix = segments.slice(0, segments.length - rest.length);
  for (let i = 0; i < rest.length; i++) {
    const [s, next] = [rest[i] as string, rest[i + 1]];
    const pair = next !== undefined && ['responses', 'content', 'parameters', 'properties'].includes(s);
    if (s === 'requestBody') parts.push('request body');
    else if (s === 'items') fields.push('[]');
    else if (s !== 'schema' && !pair) parts.push(s);
    if (!pair) continue;
    i++; // the next segment is this one's key
    if (s === 'responses') parts.push(`response ${next}`);
    if (s === 'content') parts.push(`(${next})`);
    if (s === 'properties') fields.push(next);
    if (s === 'parameters') {
      const param = getAt(doc, [...prefix, ...rest.slice(0, i + 1)]) as
        | { name?: string; in?: string }
        | undefined;
      parts.push(param?.name ? `${param.in ?? ''} parameter \`${param.name}\``.trim() : 'parameter');
    }
  }
  const field = fields.length ? `field \`${fields.join('.').replace(/\.\[\]/g, '[]')}\`` : '';
  const where = [parts.join(' '), field].filter(Boolean).join(' ') || (segments[0] ?? 'document');
  if (change.kind === 'modified') return `Changed \`${change.property ?? 'value'}\` of ${where}`;
  return `${capital(change.kind)} ${where}`;
}

const capital = (s: string) => s[0]?.toUpperCase() + s.slice(1);
