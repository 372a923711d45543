// What no operation reaches: the document's info (title, summary, description, contact, licence, terms),
// its tags and external docs, and the documentation fields of security schemes (`description`,
// `bearerFormat`: "primarily for documentation purposes", OpenAPI §4.8.27). Info, named under `document`.
// `info.version`, gaps (`x-unspecified`) and acknowledgements have their own sections of the review.
import type { Sides } from '../../compare/context.ts';
import type { Fact } from '../../compare/facts.ts';
import { child, obj } from '../../effective/reader.ts';
import { code } from '../../text/plain.ts';
import type { DocumentRule } from '../rule.ts';

const INFO = ['title', 'summary', 'description', 'contact', 'license', 'termsOfService'];
const SCHEME_DOCS = ['description', 'bearerFormat'];
const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

function schemeDocs(sides: Sides): Fact[] {
  const [a, b] = [
    obj(obj(sides.base.doc.components).securitySchemes),
    obj(obj(sides.head.doc.components).securitySchemes),
  ];
  return Object.keys(b).flatMap((name) => {
    const [x, y] = [obj(a[name]), obj(b[name])];
    const changed = name in a ? SCHEME_DOCS.filter((k) => differs(x[k], y[k])) : [];
    const at = child(child('#/components/securitySchemes', name), changed[0] ?? '');
    return changed.length
      ? [
          {
            rule: 'documentation-changed',
            message: `Security scheme ${code(name)}: changed ${changed.map((k) => code(k)).join(', ')} (documentation only).`,
            at: { side: 'head' as const, pointer: at },
            impact: 'patch' as const,
          },
        ]
      : [];
  });
}

export const documentDocumentation: DocumentRule = {
  level: 'document',
  name: 'document-documentation',
  produces: ['documentation-changed'],
  covers: [
    "the document's info (but its version), tags or external docs changed: info, under `document`",
    "a security scheme's `description` or `bearerFormat` changed: documentation only, info under `document` (no operation)",
  ],
  oasdiff: [],
  compare(sides) {
    const [a, b] = [sides.base.doc, sides.head.doc];
    const facts: Fact[] = [];
    const info = INFO.filter((k) => differs(obj(a.info)[k], obj(b.info)[k]));
    if (info.length)
      facts.push({
        rule: 'documentation-changed',
        message: `Changed ${info.map((k) => `\`info.${k}\``).join(', ')}.`,
        at: { side: 'head', pointer: `#/info/${info[0]}` },
        impact: 'patch',
      });
    for (const key of ['tags', 'externalDocs'])
      if (differs(a[key], b[key]))
        facts.push({
          rule: 'documentation-changed',
          message: `Changed ${code(key)} of the document.`,
          at: { side: 'head', pointer: `#/${key}` },
          impact: 'patch',
        });
    return [...facts, ...schemeDocs(sides)];
  },
};
