// A format changed on the same type: `int32` → `int64`, `float` → `double`, `uri` → `uri-reference` or a
// format dropped widen (more values); the reverse narrows; an unrelated format replaces. Rated by direction.
import { inHead } from '../../compare/context.ts';
import type { SchemaView } from '../../effective/schema-view.ts';
import type { SchemaRule } from '../rule.ts';
import { ratingOf, typeChangeIds, verdictMessage, verdictOf } from '../verdicts.ts';

/** Formats and the formats that accept everything they accept, and more. */
const WIDER: Record<string, string[]> = {
  int8: ['int16', 'int32', 'int64'],
  int16: ['int32', 'int64'],
  int32: ['int64'],
  float: ['double'],
  email: ['idn-email'],
  hostname: ['idn-hostname'],
  uri: ['uri-reference', 'iri', 'iri-reference'],
  'uri-reference': ['iri-reference'],
  iri: ['iri-reference'],
  ipv4: [],
  date: [],
};

/** Whether format `outer` accepts every value `inner` accepts (undefined: no format, any value). */
const accepts = (outer: string | undefined, inner: string | undefined) =>
  outer === undefined || outer === inner || (inner !== undefined && (WIDER[inner] ?? []).includes(outer));

export const format: SchemaRule = {
  level: 'schema',
  name: 'format',
  produces: ['format-changed'],
  valueRule: true,
  covers: [
    'a format changed: widened (`int32` → `int64`, dropped), narrowed or replaced; rated by direction',
  ],
  oasdiff: [
    'request-property-type-changed',
    'request-property-type-generalized',
    'response-property-type-generalized',
    'request-parameter-type-changed',
  ],
  compare(before: SchemaView, after: SchemaView) {
    const verdict = verdictOf(accepts(after.format, before.format), accepts(before.format, after.format));
    if (!verdict) return [];
    return [
      {
        rule: 'format-changed',
        message: verdictMessage('Format', verdict, before.format ?? 'none', after.format ?? 'none'),
        at:
          after.format === undefined
            ? { side: 'base', pointer: before.where('format') }
            : inHead(after.where('format')),
        byRole: ratingOf(verdict),
        oasdiff: typeChangeIds(verdict),
      },
    ];
  },
};
