// The media types of a body (or of a parameter's `content`), paired by meaning (media-meaning.ts: case,
// parameter order and a JSON type's `charset=utf-8` mean nothing; a range covers its types), each pair's
// schemas compared and its media rules asked; what is left unpaired goes to the content rules.
import { canonicalMediaType, covers } from '../effective/media-meaning.ts';
import { child, isObject, type Located, obj, type SideDocument } from '../effective/reader.ts';
import { contentRules, mediaRules } from '../rules/index.ts';
import type { ContentChange, MediaEntry } from '../rules/rule.ts';
import { code } from '../text/plain.ts';
import type { Sides } from './context.ts';
import type { Place, Role } from './facts.ts';
import type { Direction, Occurrence } from './occurrence.ts';
import { compareSchemas } from './schemas.ts';

/** Where a body is used in its operation. */
export type BodyPlace = { place: Place; direction: Direction; role?: Role; where: string; name?: string };

function entries(doc: SideDocument, holder: Located | undefined): MediaEntry[] {
  if (!holder || !isObject(holder.node.content)) return [];
  const at = child(holder.at, 'content');
  return Object.entries(obj(holder.node.content)).flatMap(([written, raw]) => {
    const media = doc.resolve(raw, child(at, written));
    return media ? [{ ...media, type: canonicalMediaType(written), written }] : [];
  });
}

const isRange = (type: string) => type.includes('*');

/**
 * Pairs by meaning: the same media type first; then a base type a head range covers (widened), a head type a
 * base range covers (narrowed); what is left was removed or added.
 */
function pair(before: MediaEntry[], after: MediaEntry[]) {
  const pairs: [MediaEntry, MediaEntry][] = [];
  const widened: { before: MediaEntry; after: MediaEntry }[] = [];
  const narrowed: { before: MediaEntry; after: MediaEntry }[] = [];
  const exact = new Map(after.map((m) => [m.type, m]));
  const matched = new Set<MediaEntry>();
  for (const b of before) {
    const a = exact.get(b.type);
    if (!a) continue;
    pairs.push([b, a]);
    matched.add(a).add(b);
  }
  for (const b of before.filter((m) => !matched.has(m))) {
    const range = after.find((m) => !matched.has(m) && isRange(m.type) && covers(m.type, b.type));
    if (!range) continue;
    pairs.push([b, range]);
    widened.push({ before: b, after: range });
    matched.add(b);
  }
  const usedRanges = new Set<MediaEntry>();
  for (const a of after.filter((m) => !matched.has(m) && !widened.some((w) => w.after === m))) {
    const range = before.find((m) => !matched.has(m) && isRange(m.type) && covers(m.type, a.type));
    if (!range) continue;
    pairs.push([range, a]);
    narrowed.push({ before: range, after: a });
    matched.add(a);
    usedRanges.add(range);
  }
  const removed = before.filter((m) => !matched.has(m) && !usedRanges.has(m));
  const added = after.filter((m) => !matched.has(m) && !widened.some((w) => w.after === m));
  return { pairs, change: { removed, added, widened, narrowed } satisfies ContentChange };
}

/** The comparison of two bodies' content, where `place` says how the operation uses them. */
export function compareContent(
  sides: Sides,
  before: Located | undefined,
  after: Located | undefined,
  place: BodyPlace,
): Occurrence[] {
  const { pairs, change } = pair(entries(sides.base, before), entries(sides.head, after));
  const occurrences: Occurrence[] = [];
  const facts = contentRules.flatMap((rule) => rule.compare(change, sides));
  if (facts.length) occurrences.push({ ...place, facts });
  for (const [b, a] of pairs) {
    const where = `${place.where} (${code(a.written)})`;
    const mediaFacts = mediaRules.flatMap((rule) => rule.compare(b, a, sides));
    if (mediaFacts.length) occurrences.push({ ...place, where, facts: mediaFacts });
    const [s1, s2] = [b.node.schema, a.node.schema];
    if (s1 !== undefined && s2 !== undefined)
      occurrences.push({
        ...place,
        where,
        diff: compareSchemas(
          sides,
          [{ node: s1, at: child(b.at, 'schema') }],
          [{ node: s2, at: child(a.at, 'schema') }],
        ),
      });
  }
  return occurrences;
}
