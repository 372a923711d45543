// The media types of a body (or of a parameter's `content`), paired by meaning (media-types.ts: case,
// parameter order and a JSON type's `charset=utf-8` mean nothing; a range covers its types), each pair's
// schemas compared and its media rules asked; what is left unpaired goes to the content rules.
import { canonicalMediaType, covers } from '../effective/media-types.ts';
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

/** Pairs by meaning: the same media type, else a range on one side that covers a type on the other. */
function pair(before: MediaEntry[], after: MediaEntry[]) {
  const pairs: [MediaEntry, MediaEntry][] = [];
  const change = {
    removed: [] as MediaEntry[],
    added: [] as MediaEntry[],
    widened: [] as ContentChange['widened'][number][],
    narrowed: [] as ContentChange['narrowed'][number][],
  };
  const exact = new Map(after.map((m) => [m.type, m]));
  const paired = new Set<MediaEntry>();
  for (const b of before) {
    const a = exact.get(b.type);
    if (a) {
      pairs.push([b, a]);
      paired.add(a);
      continue;
    }
    const range = after.find((m) => isRange(m.type) && covers(m.type, b.type));
    if (range) {
      pairs.push([b, range]);
      change.widened.push({ before: b, after: range });
    } else change.removed.push(b);
  }
  for (const a of after) {
    if (paired.has(a) || change.widened.some((w) => w.after === a)) continue;
    const range = before.find((m) => isRange(m.type) && covers(m.type, a.type));
    if (range) {
      pairs.push([range, a]);
      change.narrowed.push({ before: range, after: a });
    } else change.added.push(a);
  }
  return { pairs, change };
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
