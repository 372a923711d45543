// The discriminator that tells a `oneOf`'s shapes apart: its property renamed breaks both directions (senders
// set the old one, readers switch on it); a mapping entry removed or pointed elsewhere breaks both; one added
// is a new shape readers may get (breaks readers).
import { inHead } from '../../compare/context.ts';
import type { Fact } from '../../compare/facts.ts';
import { obj } from '../../effective/reader.ts';
import { code } from '../../text/plain.ts';
import type { SchemaRule } from '../rule.ts';
import { BOTH, WIDENED } from '../verdicts.ts';

export const discriminator: SchemaRule = {
  level: 'schema',
  name: 'discriminator',
  appliesTo: 'object',
  produces: ['discriminator-changed'],
  covers: [
    "a discriminator's property renamed or a mapping entry removed or changed (both directions); a mapping entry added (breaks readers)",
  ],
  oasdiff: [
    'request-body-discriminator-property-name-changed',
    'response-property-discriminator-mapping-deleted',
    'response-body-discriminator-mapping-added',
  ],
  compare(before, after) {
    const [a, b] = [before.discriminator, after.discriminator];
    if (JSON.stringify(a) === JSON.stringify(b)) return [];
    const at = inHead(after.where('discriminator'));
    if (!a || !b)
      return [
        {
          rule: 'discriminator-changed',
          message: `Discriminator ${b ? 'added' : 'removed'}.`,
          at,
          byRole: BOTH,
          oasdiff: b ? 'discriminator-added' : 'discriminator-removed',
        },
      ];
    const facts: Fact[] = [];
    if (a.propertyName !== b.propertyName)
      facts.push({
        rule: 'discriminator-changed',
        message: `Discriminator property renamed from ${code(String(a.propertyName))} to ${code(String(b.propertyName))}.`,
        at,
        byRole: BOTH,
        oasdiff: 'discriminator-property-name-changed',
      });
    const [was, now] = [obj(a.mapping), obj(b.mapping)];
    const gone = Object.keys(was).filter((k) => now[k] !== was[k]);
    const added = Object.keys(now).filter((k) => !(k in was));
    if (gone.length)
      facts.push({
        rule: 'discriminator-changed',
        message: `Discriminator mapping removed or changed: ${gone.map((k) => code(k)).join(', ')}.`,
        at,
        byRole: BOTH,
        oasdiff: 'discriminator-mapping-deleted',
      });
    else if (added.length)
      facts.push({
        rule: 'discriminator-changed',
        message: `Discriminator mapping added: ${added.map((k) => code(k)).join(', ')}.`,
        at,
        byRole: WIDENED,
        oasdiff: 'discriminator-mapping-added',
      });
    return facts;
  },
};
