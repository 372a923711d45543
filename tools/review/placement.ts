// From rule drafts to findings: each draft named under exactly the operations it touches, with a stable
// id and the file and line of the spec it is written on.
import path from 'node:path';
import { escapePointerFragment } from '@redocly/openapi-core';
import { pointerSegments } from '../../model/pointer.ts';
import { changedOperations, operationsOf, type Sides } from './attribution.ts';
import { nodeAt } from './describe.ts';
import type { Impact } from './diff-engine.ts';
import { type Direction, directionMaps, directionsAt, roleOf } from './directions.ts';
import type { Draft, Finding, Side } from './finding.ts';
import { levelOf } from './finding.ts';
import { oasdiffId } from './oasdiff-ids.ts';
import { DOCUMENT } from './pointer-operations.ts';
import { highest } from './rating.ts';

type DirectionMaps = ReturnType<typeof directionMaps>;

/** The folder each side's file names are relative to (the repository, or the snapshot of the base). */
export type Roots = Record<Side, string>;

const toPointer = (segments: string[]) => `#/${segments.map(escapePointerFragment).join('/')}`;

/**
 * Segments with each parameter's list index replaced by its name (or its `$ref` target's name):
 * `parameters/0` → `parameters/webhookId`, so adding a parameter before it does not change the id.
 */
function namedParameters(segments: string[], bundle: unknown): string[] {
  return segments.map((segment, i) => {
    if (segments[i - 1] !== 'parameters' || !/^\d+$/.test(segment)) return segment;
    const node = nodeAt(bundle, segments.slice(0, i + 1)) as { name?: string; $ref?: string } | undefined;
    return node?.name ?? node?.$ref?.split('/').pop() ?? segment;
  });
}

/**
 * The location part of an id: below the operation's own node when the pointer is inside it
 * (`#/requestBody/content/application~1json/schema/properties/amount`), the whole pointer otherwise
 * (`#/components/schemas/Amount/type`); parameters by name. Never a line number or a list position that
 * an unrelated edit moves, so a rebase does not change it. `bundle`: the document the pointer is into.
 */
export function idLocation(
  pointer: string,
  operation: string,
  renames: Map<string, string>,
  bundle: unknown = {},
): string {
  const segments = namedParameters(pointerSegments(pointer), bundle);
  const [root, template, method, ...rest] = segments;
  const key = `${method?.toUpperCase()} ${template}`;
  const own =
    root === 'paths' && method !== undefined && (key === operation || renames.get(key) === operation);
  return toPointer(own ? rest : segments);
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

/** The line a pointer of one side's spec is written on (its nearest ancestor's when it is not there). */
export type Locator = (side: Side, pointer: string) => number;

/** Where a draft is written; a removal also where it shows in the head (its nearest surviving ancestor). */
function locationOf(at: Draft['at'], roots: Roots, locate: Locator): Finding['location'] {
  const line = locate(at.side, at.pointer);
  const headLine = at.side === 'head' ? line : locate('head', at.pointer);
  return { side: at.side, file: path.relative(roots[at.side], at.file), line, pointer: at.pointer, headLine };
}

/** The pointer whose users an operation reaches: the node on the side the operation is read from. */
function nodePointer(draft: Draft): { pointer: string; side: Side } {
  const change = draft.change;
  if (change?.revision) return { pointer: change.revision.pointer, side: 'head' };
  if (change?.base) return { pointer: change.base.pointer, side: 'base' };
  return { pointer: draft.at.pointer, side: draft.at.side };
}

type Rated = { impact: Impact; directions: Direction[] };

/**
 * The draft's impact for one operation, per group of directions that rate alike: a shared schema's enum
 * narrowed is `major` where the operation sends it and `patch` where it only reads it.
 */
function ratings(draft: Draft, operation: string, sides: Sides, maps: DirectionMaps): Rated[] {
  const { pointer, side } = nodePointer(draft);
  const key = side === 'base' ? baseKey(operation, sides.renames) : operation;
  const directions = directionsAt(pointer, key, maps(sides[side]));
  if (draft.impactFor) return [{ impact: draft.impactFor(operation), directions }];
  const byRole = draft.byRole;
  if (!byRole || directions.length === 0) return [{ impact: draft.impact, directions }];
  const groups = new Map<Impact, Direction[]>();
  for (const direction of directions) {
    const impact = highest(roleOf(direction).map((role) => byRole[role] ?? 'patch'));
    groups.set(impact, [...(groups.get(impact) ?? []), direction]);
  }
  return [...groups].map(([impact, list]) => ({ impact, directions: list }));
}

/** The base key of a head key (an operation whose path parameter was renamed). */
function baseKey(operation: string, renames: Map<string, string>): string {
  for (const [before, after] of renames) if (after === operation) return before;
  return operation;
}

/** The message, with a note when the operation uses the node only in a direction the change does not break. */
function messageFor(draft: Draft, rated: Rated): string {
  if (rated.impact === draft.impact || rated.impact !== 'patch' || rated.directions.length === 0)
    return draft.message;
  const uses = rated.directions.join(' and ');
  return `${draft.message} Not breaking here: this operation uses it only in its ${uses}.`;
}

export function placeFindings(drafts: Draft[], sides: Sides, roots: Roots, locate: Locator): Finding[] {
  const changed = changedOperations(sides);
  const maps = directionMaps();
  const findings = drafts.flatMap((draft) => {
    const operations =
      draft.operations ?? (draft.change ? operationsOf(draft.change, sides, changed) : [DOCUMENT]);
    const location = locationOf(draft.at, roots, locate);
    const { pointer, side } = draft.at;
    const bundle = sides[side].bundle;
    return operations.flatMap((operation) => {
      const id = `${draft.rule}:${operation}:${idLocation(pointer, operation, sides.renames, bundle)}`;
      const rated = ratings(draft, operation, sides, maps).sort(
        (a, b) => ORDER.indexOf(a.impact) - ORDER.indexOf(b.impact),
      );
      return rated.map((r, i) => {
        const oasdiff = oasdiffId(draft.rule, r.directions);
        return {
          // The most severe rating keeps the plain id; another direction of the same operation is `@<direction>`.
          id: i === 0 ? id : `${id}@${r.directions.join('+')}`,
          rule: draft.rule,
          level: levelOf(r.impact),
          impact: r.impact,
          operation,
          message: messageFor(draft, r),
          source: draft.source,
          directions: r.directions,
          ...(oasdiff && { oasdiff }),
          location,
        };
      });
    });
  });
  return uniqueIds(findings);
}

const ORDER: Impact[] = ['major', 'minor', 'patch'];
