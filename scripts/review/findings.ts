// From rule drafts to findings: each draft named under exactly the operations it touches, with a stable
// id and the file and line of the spec it is written on.
import path from 'node:path';
import { escapePointerFragment } from '@redocly/openapi-core';
import { changedOperations, operationsOf, type Sides } from './attribution.ts';
import type { Draft, Finding, Side } from './finding.ts';
import { levelOf } from './finding.ts';
import type { Locator } from './lines.ts';
import { DOCUMENT, pointerSegments } from './operations.ts';

/** The folder each side's file names are relative to (the repository, or the snapshot of the base). */
export type Roots = Record<Side, string>;

const toPointer = (segments: string[]) => `#/${segments.map(escapePointerFragment).join('/')}`;

/**
 * The location part of an id: below the operation's own node when the pointer is inside it
 * (`#/requestBody/content/application~1json/schema/properties/amount`), the whole pointer otherwise
 * (`#/components/schemas/Amount/type`). Never a line number, so a rebase does not change it.
 */
export function idLocation(pointer: string, operation: string, renames: Map<string, string>): string {
  const [root, template, method, ...rest] = pointerSegments(pointer);
  const key = `${method?.toUpperCase()} ${template}`;
  const own =
    root === 'paths' && method !== undefined && (key === operation || renames.get(key) === operation);
  return own ? toPointer(rest) : toPointer(pointerSegments(pointer));
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

/** Where a draft is written; a removal also where it shows in the head (its nearest surviving ancestor). */
function locationOf(at: Draft['at'], roots: Roots, headFile: string, locate: Locator): Finding['location'] {
  const line = locate(at.file, at.pointer);
  const headLine = at.side === 'head' ? line : locate(headFile, at.pointer);
  return { side: at.side, file: path.relative(roots[at.side], at.file), line, pointer: at.pointer, headLine };
}

export function placeFindings(
  drafts: Draft[],
  sides: Sides,
  roots: Roots,
  headFile: string,
  locate: Locator,
): Finding[] {
  const changed = changedOperations(sides);
  const findings = drafts.flatMap((draft) => {
    const operations =
      draft.operations ?? (draft.change ? operationsOf(draft.change, sides, changed) : [DOCUMENT]);
    const location = locationOf(draft.at, roots, headFile, locate);
    const { pointer } = draft.at;
    return operations.map((operation) => ({
      id: `${draft.rule}:${operation}:${idLocation(pointer, operation, sides.renames)}`,
      rule: draft.rule,
      level: levelOf(draft.impact),
      impact: draft.impact,
      operation,
      message: draft.message,
      source: draft.source,
      location,
    }));
  });
  return uniqueIds(findings);
}
