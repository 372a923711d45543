// A `default` changed or dropped: a caller that leaves the field or parameter out now gets another value, so
// it breaks the callers that send the node (oasdiff's request-*-default-value-changed); a default set where
// there was none changes nothing a caller sent; for readers a default is documentation.
import { inBase, inHead } from '../../compare/context.ts';
import { shown } from '../../text/plain.ts';
import type { SchemaRule } from '../rule.ts';

export const defaults: SchemaRule = {
  level: 'schema',
  name: 'default',
  produces: ['default-changed'],
  covers: [
    "a parameter's or request property's `default` changed or removed: breaking for the operations that send it; set where there was none, or in a response: info",
  ],
  oasdiff: [
    'request-property-default-value-changed',
    'request-parameter-default-value-changed',
    'response-property-default-value-changed',
  ],
  compare(before, after) {
    const [a, b] = [before.default, after.default];
    if (JSON.stringify(a?.value) === JSON.stringify(b?.value) && !a === !b) return [];
    if (!a)
      return [
        {
          rule: 'default-changed',
          message: `Default set to ${shown(b?.value)}.`,
          at: inHead(after.where('default')),
          byRole: { send: 'patch', read: 'patch' },
          oasdiff: 'default-value-added',
        },
      ];
    if (!b)
      return [
        {
          rule: 'default-changed',
          message: `Default ${shown(a.value)} removed: callers that leave it out no longer get it.`,
          at: inBase(before.where('default')),
          byRole: { send: 'major', read: 'patch' },
          oasdiff: 'default-value-removed',
        },
      ];
    return [
      {
        rule: 'default-changed',
        message: `Default changed from ${shown(a.value)} to ${shown(b.value)}: callers that leave it out get another value.`,
        at: inHead(after.where('default')),
        byRole: { send: 'major', read: 'patch' },
        oasdiff: 'default-value-changed',
      },
    ];
  },
};
