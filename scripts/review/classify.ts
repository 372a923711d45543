// Turns the engine's report into changes per operation ("METHOD /path"), adds our client rules on top.
// Which operations a pointer names comes from the contract model of the side the pointer points into.
import type { LoadedContract } from '../../model/load.ts';
import type { Change } from './change.ts';
import type { EngineChange, EngineReport } from './diff-engine.ts';
import { DOCUMENT, operationAt, operationsAt, pointerSegments } from './operations.ts';
import { renamedPathParameters } from './path-params.ts';

// Reported in their own sections of the review, not as API changes.
const OWN_SECTIONS = /\/(x-unspecified|x-breaking-changes-acknowledged)(\/|$)/;

/** Changes the review reports elsewhere: gaps, acknowledgements and info.version have their own sections. */
function ownSection(change: EngineChange): boolean {
  const pointers = [change.path, change.base?.pointer, change.revision?.pointer];
  if (pointers.some((p) => p !== undefined && OWN_SECTIONS.test(p))) return true;
  if (change.property?.startsWith('x-breaking-changes')) return true;
  return change.path === '#/info' && change.property === 'version';
}

/** Operations (new keys for renamed ones) of every pointer of an engine change, each read on its side. */
function operationsOf(
  change: EngineChange,
  base: LoadedContract,
  head: LoadedContract,
  renames: Map<string, string>,
): string[] {
  const operations = new Set<string>();
  const add = (pointer: string, side: LoadedContract) => {
    for (const op of operationsAt(pointer, side.model)) operations.add(renames.get(op) ?? op);
  };
  add(change.path, change.kind === 'removed' ? base : head);
  if (change.base) add(change.base.pointer, base);
  if (change.revision) add(change.revision.pointer, head);
  if (operations.size > 1) operations.delete(DOCUMENT);
  return [...operations].sort();
}

/** `renames`: operations whose path parameter was renamed, reported (and acknowledged) under their new key only. */
export function classify(
  report: EngineReport,
  base: LoadedContract,
  head: LoadedContract,
  renames: Map<string, string>,
): Change[] {
  const changes: Change[] = [];
  for (const change of report.changes) {
    if (ownSection(change)) continue;
    const where = {
      operations: operationsOf(change, base, head, renames),
      source: 'redocly diff' as const,
      pointer: change.path,
    };
    if (change.verdicts.length === 0) {
      const side = change.kind === 'removed' ? base : head;
      changes.push({ ...where, impact: change.impact, rule: change.kind, message: describe(change, side) });
    }
    for (const v of change.verdicts)
      changes.push({ ...where, impact: v.impact, rule: v.ruleId, message: v.message });
  }
  return [...changes, ...renamedPathParameters(renames)];
}

/** The node at `segments` of the bundled document (no `$ref` followed): a parameter's name and place. */
function nodeAt(bundle: unknown, segments: readonly string[]): unknown {
  let node = bundle;
  for (const s of segments)
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[s] : undefined;
  return node;
}

/** "query parameter `page`", or "parameter" when it is a `$ref` (its name is in the component). */
function parameterName(side: LoadedContract, segments: readonly string[]): string {
  const param = nodeAt(side.bundle, segments) as { name?: string; in?: string } | undefined;
  return param?.name ? `${param.in ?? ''} parameter \`${param.name}\``.trim() : 'parameter';
}

/** Index of the first segment below the operation (or path item) a `#/paths` pointer names; 0 elsewhere. */
function detailStart(segments: readonly string[], side: LoadedContract): number {
  if (segments[0] !== 'paths') return 0;
  const [, path = '', method] = segments;
  return operationAt(side.model, path, method) ? 3 : 2;
}

/** "response 200 (application/json) field `status`" from the segments below an operation or component. */
function location(segments: readonly string[], start: number, side: LoadedContract): string {
  const parts: string[] = [];
  const fields: string[] = [];
  for (let i = start; i < segments.length; i++) {
    const [s, next] = [segments[i] as string, segments[i + 1]];
    const pair = next !== undefined && ['responses', 'content', 'parameters', 'properties'].includes(s);
    if (s === 'requestBody') parts.push('request body');
    else if (s === 'items') fields.push('[]');
    else if (s !== 'schema' && !pair) parts.push(s);
    if (!pair) continue;
    i++; // the next segment is this one's key
    if (s === 'responses') parts.push(`response ${next}`);
    if (s === 'content') parts.push(`(${next})`);
    if (s === 'properties') fields.push(next);
    if (s === 'parameters') parts.push(parameterName(side, segments.slice(0, i + 1)));
  }
  const field = fields.length ? `field \`${fields.join('.').replace(/\.\[\]/g, '[]')}\`` : '';
  return [parts.join(' '), field].filter(Boolean).join(' ');
}

/** "Added request body field `accountDigit`" from a change the engine reports without a verdict. */
function describe(change: EngineChange, side: LoadedContract): string {
  const segments = pointerSegments(change.path);
  const start = detailStart(segments, side);
  if (segments[0] === 'paths' && start === segments.length) {
    const what = segments.length > 2 ? 'the operation' : `path \`${segments[1]}\``;
    return change.property ? `Changed \`${change.property}\` of ${what}` : `${capital(change.kind)} ${what}`;
  }
  const where = location(segments, start, side) || (segments[0] ?? DOCUMENT);
  if (change.kind === 'modified') return `Changed \`${change.property ?? 'value'}\` of ${where}`;
  return `${capital(change.kind)} ${where}`;
}

const capital = (s: string) => s[0]?.toUpperCase() + s.slice(1);
