// One response's headers, paired by name case-insensitively (RFC 9110 §5.1): the header rules asked of each
// pair (or lone header), each pair's schema compared. A header shared through `components/headers` is
// compared for every operation whose responses use it.
import { child, type Located, obj, type SideDocument } from '../effective/reader.ts';
import { headerRules } from '../rules/index.ts';
import type { NamedHeader } from '../rules/rule.ts';
import { code } from '../text/plain.ts';
import type { Sides } from './context.ts';
import { compareContent } from './media-pairs.ts';
import { type Occurrence, roleOf } from './occurrence.ts';
import { compareSchemas } from './schemas.ts';

function headersOf(doc: SideDocument, response: Located): Map<string, NamedHeader> {
  const at = child(response.at, 'headers');
  const out = new Map<string, NamedHeader>();
  for (const [name, raw] of Object.entries(obj(response.node.headers))) {
    if (name.toLowerCase() === 'content-type') continue; // OpenAPI: ignored, the media type says it
    const header = doc.resolve(raw, child(at, name));
    if (header) out.set(name.toLowerCase(), { ...header, name });
  }
  return out;
}

export function compareHeaders(
  sides: Sides,
  before: Located,
  after: Located,
  status: string,
  reversed: boolean,
): Occurrence[] {
  const [a, b] = [headersOf(sides.base, before), headersOf(sides.head, after)];
  const role = roleOf('header', reversed);
  const occurrences: Occurrence[] = [];
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const [x, y] = [a.get(key), b.get(key)];
    const name = (y ?? x)?.name ?? key;
    const place = {
      place: 'response-header' as const,
      direction: 'header' as const,
      ...(role && { role }),
      where: `response ${code(status)} header ${code(name)}`,
      name,
    };
    const facts = headerRules.flatMap((rule) => rule.compare(x, y, sides));
    if (facts.length) occurrences.push({ ...place, facts });
    if (!x || !y) continue;
    if (x.node.schema !== undefined && y.node.schema !== undefined)
      occurrences.push({
        ...place,
        diff: compareSchemas(
          sides,
          [{ node: x.node.schema, at: child(x.at, 'schema') }],
          [{ node: y.node.schema, at: child(y.at, 'schema') }],
        ),
      });
    else occurrences.push(...compareContent(sides, x, y, place));
  }
  return occurrences;
}
