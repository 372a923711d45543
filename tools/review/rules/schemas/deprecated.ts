// A schema (a property) deprecated or no longer deprecated: documentation of intent, info.
import { inHead } from '../../compare/context.ts';
import type { SchemaRule } from '../rule.ts';

export const deprecated: SchemaRule = {
  level: 'schema',
  name: 'deprecated',
  produces: ['deprecated-changed'],
  covers: ['a property (or schema) deprecated or reactivated: info'],
  oasdiff: ['request-property-deprecated', 'response-property-deprecated', 'request-property-reactivated'],
  compare(before, after) {
    if (before.deprecated === after.deprecated) return [];
    return [
      {
        rule: 'deprecated-changed',
        message: after.deprecated ? 'Deprecated.' : 'No longer deprecated.',
        at: inHead(after.where('deprecated')),
        impact: 'patch',
        oasdiff: after.deprecated ? 'deprecated' : 'reactivated',
      },
    ];
  },
};
