// The facts one operation reaches: those found at its own places, and those found while comparing the
// schemas it uses, each with the field paths it is reached by. A schema comparison is a graph (shared and
// recursive schemas are compared once: compare/schemas.ts); it is walked breadth first, each node at most a
// few times, so a fact deep in a recursive or much-shared schema is found once with its shortest paths,
// in time linear in the comparison's size.
import type { Fact, Place } from './facts.ts';
import type { Occurrence } from './occurrence.ts';
import type { SchemaDiff, Segment } from './schemas.ts';

/** One way a fact is reached in an operation. */
export type Reach = {
  occurrence: Occurrence;
  place: Place;
  /** The field the fact is about (`card.status`), or the parameter's or header's name. */
  field: string;
  /** The field it was found in (`card` for a property `status` removed from it). */
  parent: string;
};

/** How many paths to one node (and so to one fact) are kept. */
const PATHS_PER_NODE = 3;

/** `card.status`, `items[].id` from the segments walked (alternatives add none). */
export function fieldPath(segments: readonly Segment[]): string {
  let out = '';
  for (const s of segments) {
    if (s === undefined) continue;
    out += s === '[]' ? '[]' : out ? `.${s}` : s;
  }
  return out;
}

/** A body's root is the body; anything below is a property (oasdiff's places). */
function placeAt(root: Place, depth: number): Place {
  if (depth === 0) return root;
  if (root === 'request-body') return 'request-property';
  if (root === 'response-body') return 'response-property';
  return root;
}

/** Every fact the occurrences reach, in order found, each with the ways it is reached. */
export function reachedFacts(occurrences: readonly Occurrence[]): Map<Fact, Reach[]> {
  const out = new Map<Fact, Reach[]>();
  const add = (fact: Fact, reach: Reach) => {
    const list = out.get(fact) ?? [];
    if (list.length < 8 && !list.some((r) => r.field === reach.field && r.occurrence === reach.occurrence))
      list.push(reach);
    out.set(fact, list);
  };
  for (const occurrence of occurrences) {
    for (const fact of occurrence.facts ?? [])
      add(fact, {
        occurrence,
        place: occurrence.place,
        field: fact.field ?? occurrence.name ?? '',
        parent: '',
      });
    if (occurrence.diff) walk(occurrence, occurrence.diff, add);
  }
  return out;
}

function walk(occurrence: Occurrence, root: SchemaDiff, add: (fact: Fact, reach: Reach) => void): void {
  const visits = new Map<SchemaDiff, number>();
  const queue: { diff: SchemaDiff; path: Segment[]; depth: number }[] = [{ diff: root, path: [], depth: 0 }];
  for (let i = 0; i < queue.length; i++) {
    const { diff, path, depth } = queue[i] as (typeof queue)[number];
    const seen = visits.get(diff) ?? 0;
    if (seen >= PATHS_PER_NODE) continue;
    visits.set(diff, seen + 1);
    const prefix =
      occurrence.name && occurrence.place !== 'request-body' && occurrence.place !== 'response-body'
        ? [occurrence.name]
        : [];
    for (const fact of diff.facts)
      add(fact, {
        occurrence,
        place: placeAt(occurrence.place, depth),
        field: fieldPath([...prefix, ...path, fact.field]),
        parent: fieldPath([...prefix, ...path]),
      });
    for (const c of diff.children)
      queue.push({
        diff: c.diff,
        path: [...path, c.segment],
        depth: c.segment === undefined ? depth : depth + 1,
      });
  }
}
