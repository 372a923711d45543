// From the comparison to findings: every fact named once under each operation it reaches (however many ways
// the operation reaches it), rated by the directions it is used in there, with a stable id, oasdiff's id and
// the file and line of the spec it is written on.
import path from 'node:path';
import { escapePointerFragment } from '@redocly/openapi-core';
import { pointerSegments } from '../../model/pointer.ts';
import type { Comparison, OperationComparison } from './compare/documents.ts';
import { type Direction, type Fact, highest, type Impact, type Place, topImpact } from './compare/facts.ts';
import { type Reach, reachedFacts } from './compare/walk.ts';
import { isObject, type Side } from './effective/reader.ts';
import { DOCUMENT, type FieldUse, type Finding, levelOf } from './finding.ts';
import { oasdiffKnows } from './rules/oasdiff-catalogue.ts';
import { code } from './text/plain.ts';

/** The folder each side's file names are relative to (the repository, or the snapshot of the base). */
export type Roots = Record<Side, string>;
/** The line a pointer of one side's spec is written on (its nearest ancestor's when it is not there). */
export type Locator = (side: Side, pointer: string) => number;

export type PlacementInput = {
  comparison: Comparison;
  bundles: Record<Side, unknown>;
  files: Record<Side, string>;
  roots: Roots;
  locate: Locator;
};

const toPointer = (segments: string[]) => `#/${segments.map(escapePointerFragment).join('/')}`;

/** Segments with each parameter's list index replaced by its name (or its `$ref` target's name). */
function namedParameters(segments: string[], bundle: unknown): string[] {
  let node: unknown = bundle;
  return segments.map((segment, i) => {
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
    if (segments[i - 1] !== 'parameters' || !/^\d+$/.test(segment) || !isObject(node)) return segment;
    const name = node.name ?? (typeof node.$ref === 'string' ? node.$ref.split('/').pop() : undefined);
    return typeof name === 'string' ? name : segment;
  });
}

/**
 * The location part of an id: below the operation's own node when the pointer is inside it
 * (`#/requestBody/content/application~1json/schema/properties/amount`), the whole pointer otherwise
 * (`#/components/schemas/Amount/type`); parameters by name. Never a line number or a list position that an
 * unrelated edit moves, so a rebase does not change it. `owns`: the operation's pointers on either side.
 */
export function idLocation(pointer: string, owns: readonly string[], bundle: unknown = {}): string {
  const segments = namedParameters(pointerSegments(pointer), bundle);
  for (const own of owns) {
    const prefix = pointerSegments(own);
    if (prefix.length && prefix.every((s, i) => pointerSegments(pointer)[i] === s))
      return toPointer(segments.slice(prefix.length));
  }
  return toPointer(segments);
}

/** Ids made unique in order of appearance: a repeated one gets `~2`, `~3`... */
function uniqueIds(findings: Finding[]): Finding[] {
  const seen = new Map<string, number>();
  return findings.map((f) => {
    const n = (seen.get(f.id) ?? 0) + 1;
    seen.set(f.id, n);
    return n === 1 ? f : { ...f, id: `${f.id}~${n}` };
  });
}

/** A fact's impact where it is reached: by the role there, else its own. */
const impactAt = (fact: Fact, reach: Reach): Impact =>
  fact.impact ??
  (reach.occurrence.role ? (fact.byRole?.[reach.occurrence.role] ?? 'patch') : topImpact(fact));

/** oasdiff's id of a fact at a place, where oasdiff has the check. */
function oasdiffOf(fact: Fact, place: Place): string | undefined {
  const spec = fact.oasdiff;
  if (!spec) return undefined;
  if (typeof spec !== 'string')
    return (
      spec[place] ??
      (place === 'request-body'
        ? spec['request-property']
        : place === 'response-body'
          ? spec['response-property']
          : undefined)
    );
  const placed = `${place}-${spec}`;
  return oasdiffKnows(placed) ? placed : oasdiffKnows(spec) ? spec : undefined;
}

/** "Request body field `note`" — where in the operation a fact was found ('' for the operation itself). */
function whereOf(reach: Reach): string {
  const { occurrence, parent } = reach;
  if (occurrence.place === 'operation' || occurrence.where === 'responses') return '';
  const where = occurrence.where.charAt(0).toUpperCase() + occurrence.where.slice(1);
  const named = occurrence.name && (parent === occurrence.name || parent === '');
  return `${where}${parent && !named ? ` field ${code(parent)}` : ''}`;
}

/** The fact's message, after where it was found (and up to two other places), and why it breaks no one here. */
function messageOf(fact: Fact, reaches: Reach[], impact: Impact): string {
  const [first, ...others] = [...new Set(reaches.map(whereOf).filter(Boolean))];
  const also = others.length
    ? ` (also ${others
        .slice(0, 2)
        .map((w) => w.charAt(0).toLowerCase() + w.slice(1))
        .join('; ')})`
    : '';
  const text = `${first ? `${first}${also}: ` : ''}${fact.message}`;
  if (impact !== 'patch' || topImpact(fact) === 'patch') return text;
  const uses = [...new Set(reaches.map((r) => r.occurrence.direction).filter(Boolean))].join(' and ');
  return uses ? `${text} Not breaking here: this operation uses it only in its ${uses}.` : text;
}

function findingOf(
  input: PlacementInput,
  op: { key: string; owns: string[] },
  fact: Fact,
  reaches: Reach[],
): Finding {
  const rated = reaches.map((r) => ({ reach: r, impact: impactAt(fact, r) }));
  const impact = highest(rated.map((r) => r.impact));
  const ordered = [...rated]
    .sort((a, b) => ORDER.indexOf(a.impact) - ORDER.indexOf(b.impact))
    .map((r) => r.reach);
  const directions = [
    ...new Set(
      [...ordered.map((r) => r.occurrence.direction), fact.direction].filter(
        (d): d is Direction => d !== undefined,
      ),
    ),
  ];
  const fields: FieldUse[] = ordered.flatMap((r) => {
    // A field made required breaks the callers that never sent it: those using what holds it.
    const path = fact.everyCaller ? (r.occurrence.name ? '' : r.parent) : r.field;
    return path && r.occurrence.direction ? [{ direction: r.occurrence.direction, path }] : [];
  });
  const { side, pointer } = fact.at;
  const line = input.locate(side, pointer);
  const oasdiff = oasdiffOf(fact, (ordered[0] as Reach).place);
  return {
    id: `${fact.rule}:${op.key}:${idLocation(pointer, op.owns, input.bundles[side])}`,
    rule: fact.rule,
    level: levelOf(impact),
    impact,
    operation: op.key,
    message: messageOf(fact, ordered, impact),
    directions,
    fields,
    ...(oasdiff && { oasdiff }),
    location: {
      side,
      file: path.relative(input.roots[side], input.files[side]),
      line,
      pointer,
      headLine: side === 'head' ? line : input.locate('head', pointer),
    },
  };
}

const ORDER: Impact[] = ['major', 'minor', 'patch'];

function operationFindings(input: PlacementInput, compared: OperationComparison): Finding[] {
  const owns = [compared.after?.at, compared.before?.at].filter((p): p is string => p !== undefined);
  return [...reachedFacts(compared.occurrences)].map(([fact, reaches]) =>
    findingOf(input, { key: compared.key, owns }, fact, reaches),
  );
}

export function placeFindings(input: PlacementInput): Finding[] {
  const documentReach: Reach[] = [
    { occurrence: { place: 'operation', where: 'document' }, place: 'operation', field: '', parent: '' },
  ];
  const findings = [
    ...input.comparison.operations.flatMap((op) => operationFindings(input, op)),
    ...input.comparison.document.map((fact) =>
      findingOf(input, { key: DOCUMENT, owns: [] }, fact, documentReach),
    ),
  ];
  return uniqueIds(findings);
}
