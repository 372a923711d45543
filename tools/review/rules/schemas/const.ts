// A `const` set (narrowed to one value), dropped (widened) or changed (both directions break).
import { inBase, inHead } from '../../compare/context.ts';
import { shown } from '../../text/plain.ts';
import type { SchemaRule } from '../rule.ts';
import { BOTH, NARROWED, WIDENED } from '../verdicts.ts';

export const constValue: SchemaRule = {
  level: 'schema',
  name: 'const',
  produces: ['const-changed'],
  valueRule: true,
  covers: ['a `const` set (narrowed), dropped (widened) or changed (both)'],
  oasdiff: [
    'request-property-const-added',
    'request-property-const-removed',
    'request-property-const-changed',
    'response-property-const-changed',
  ],
  compare(before, after) {
    const [a, b] = [before.const, after.const];
    if (a && b && JSON.stringify(a.value) === JSON.stringify(b.value)) return [];
    if (!a && !b) return [];
    if (a && b)
      return [
        {
          rule: 'const-changed',
          message: `Constant changed from ${shown(a.value)} to ${shown(b.value)}.`,
          at: inHead(after.where('const')),
          byRole: BOTH,
          oasdiff: 'const-changed',
        },
      ];
    if (b)
      return [
        {
          rule: 'const-changed',
          message: `Constant ${shown(b.value)} set: no other value is accepted.`,
          at: inHead(after.where('const')),
          byRole: NARROWED,
          oasdiff: 'const-added',
        },
      ];
    return [
      {
        rule: 'const-changed',
        message: `Constant ${shown(a?.value)} dropped: other values are accepted.`,
        at: inBase(before.where('const')),
        byRole: WIDENED,
        oasdiff: 'const-removed',
      },
    ];
  },
};
