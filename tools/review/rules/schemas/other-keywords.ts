// Keywords the views do not model (`not`, `if`/`then`/`else`, `patternProperties`, `prefixItems`,
// `contentMediaType`...), compared as written: any change is rated as breaking both ways, since the review
// cannot tell which values moved. Rare in contracts; the message names the keyword so that a reviewer can
// judge and acknowledge it.
import { inHead } from '../../compare/context.ts';
import { code } from '../../text/plain.ts';
import type { SchemaRule } from '../rule.ts';
import { BOTH } from '../verdicts.ts';

export const otherKeywords: SchemaRule = {
  level: 'schema',
  name: 'other-keywords',
  produces: ['schema-keyword-changed'],
  covers: [
    'any other keyword changed (`not`, `if`, `patternProperties`, `prefixItems`, `contentMediaType`...): breaking both ways, named',
  ],
  oasdiff: [
    'request-property-content-media-type-changed',
    'request-property-if-added',
    'request-property-prefix-items-added',
  ],
  compare(before, after) {
    const keys = new Set([...before.other.keys(), ...after.other.keys()]);
    return [...keys]
      .filter((k) => JSON.stringify(before.other.get(k)) !== JSON.stringify(after.other.get(k)))
      .sort()
      .map((k) => ({
        rule: 'schema-keyword-changed',
        message: `${code(k)} changed: the review cannot tell which values it lets through now, so it rates it breaking both ways.`,
        at: inHead(after.where(k)),
        byRole: BOTH,
      }));
  },
};
