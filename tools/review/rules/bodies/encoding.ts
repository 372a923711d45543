// How the parts of a multipart or form body are encoded (OpenAPI §4.8.15), defaults written out: a part's
// `contentType` defaults by its schema (a binary string `application/octet-stream`, another primitive
// `text/plain`, an object `application/json`), and `style`/`explode`/`allowReserved` as a query parameter's.
// A part's content types narrowed breaks senders, widened breaks readers; another serialization breaks both.
import type { Sides } from '../../compare/context.ts';
import type { Fact } from '../../compare/facts.ts';
import { mediaTypeList } from '../../effective/media-meaning.ts';
import { serializationOf } from '../../effective/parameter-view.ts';
import { child, type Json, obj, type SideDocument } from '../../effective/reader.ts';
import { type SchemaView, viewOf } from '../../effective/schema-view.ts';
import { code } from '../../text/plain.ts';
import type { MediaEntry, MediaRule } from '../rule.ts';
import { NARROWED, ratingOf, verdictOf, WIDENED } from '../verdicts.ts';

/** The default content type of a part with this schema. */
function defaultContentType(part: SchemaView | undefined, doc: SideDocument): string {
  if (!part) return 'application/octet-stream';
  const types = part.types ?? new Set<string>();
  if (types.has('array') && part.items) return defaultContentType(viewOf(doc, part.items), doc);
  if (types.has('object')) return 'application/json';
  if (
    types.has('string') &&
    (part.format === 'binary' ||
      part.format === 'base64' ||
      part.other.has('contentMediaType') ||
      part.other.has('contentEncoding'))
  )
    return 'application/octet-stream';
  return types.size ? 'text/plain' : 'application/octet-stream';
}

type Part = { types: Set<string>; encoding: Json; at: string; schema: SchemaView | undefined };

function partsOf(doc: SideDocument, media: MediaEntry): Map<string, Part> {
  const schema =
    media.node.schema === undefined
      ? undefined
      : viewOf(doc, [{ node: media.node.schema, at: child(media.at, 'schema') }]);
  const encodings = obj(media.node.encoding);
  const out = new Map<string, Part>();
  for (const [name, refs] of schema?.properties ?? []) {
    const part = viewOf(doc, refs);
    const encoding = obj(encodings[name]);
    const explicit = typeof encoding.contentType === 'string' ? encoding.contentType : undefined;
    out.set(name, {
      types: mediaTypeList(explicit ?? defaultContentType(part, doc)),
      encoding,
      at: explicit
        ? child(child(child(media.at, 'encoding'), name), 'contentType')
        : (refs[0]?.at ?? media.at),
      schema: part,
    });
  }
  return out;
}

const contains = (outer: Set<string>, inner: Set<string>) =>
  [...inner].every((t) => outer.has(t) || outer.has('*/*') || outer.has(`${t.split('/')[0]}/*`));

export const encoding: MediaRule = {
  level: 'media',
  name: 'encoding',
  produces: ['encoding-changed'],
  covers: [
    "a multipart part's content types narrowed (breaks senders) or widened (breaks readers), defaults by the part's schema written out",
    "a form part's `style`, `explode` or `allowReserved` changed: breaking",
  ],
  oasdiff: [],
  compare(before, after, sides: Sides) {
    if (!/^(multipart\/|application\/x-www-form-urlencoded)/.test(after.type)) return [];
    const [a, b] = [partsOf(sides.base, before), partsOf(sides.head, after)];
    const facts: Fact[] = [];
    for (const [name, x] of a) {
      const y = b.get(name);
      if (!y) continue;
      const verdict = verdictOf(contains(y.types, x.types), contains(x.types, y.types));
      if (verdict)
        facts.push({
          rule: 'encoding-changed',
          message: `Part ${code(name)}: content types ${verdict} from ${code([...x.types].join(', '))} to ${code([...y.types].join(', '))}.`,
          at: { side: 'head', pointer: y.at },
          byRole: verdict === 'narrowed' ? NARROWED : verdict === 'widened' ? WIDENED : ratingOf(verdict),
          field: name,
        });
      if (after.type === 'application/x-www-form-urlencoded') {
        const type = (p: Part) => (p.schema?.types?.size ? { type: [...p.schema.types] } : undefined);
        const [s1, s2] = [
          serializationOf(x.encoding, 'query', type(x)),
          serializationOf(y.encoding, 'query', type(y)),
        ];
        if (JSON.stringify(s1) !== JSON.stringify(s2))
          facts.push({
            rule: 'encoding-changed',
            message: `Part ${code(name)} serialized differently.`,
            at: { side: 'head', pointer: y.at },
            byRole: { send: 'major', read: 'major' },
            field: name,
          });
      }
    }
    return facts;
  },
};
