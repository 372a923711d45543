// A `pattern` set (narrowed), dropped or made match-anything (widened), or changed (some values in, others
// out: both directions break, as no one can tell which strings moved).
import { inBase, inHead } from '../../compare/context.ts';
import { code } from '../../text/plain.ts';
import type { SchemaRule } from '../rule.ts';
import { BOTH, NARROWED, WIDENED } from '../verdicts.ts';

const ANYTHING = new Set(['.*', '^.*$', '^.*', '.*$', '[\\s\\S]*', '^[\\s\\S]*$']);

export const pattern: SchemaRule = {
  level: 'schema',
  name: 'pattern',
  appliesTo: 'string',
  produces: ['pattern-changed'],
  valueRule: true,
  covers: ['a `pattern` set (narrowed), dropped or made to match anything (widened), or changed (both)'],
  oasdiff: [
    'request-property-pattern-added',
    'request-property-pattern-changed',
    'request-property-pattern-generalized',
    'request-parameter-pattern-added',
    'response-property-pattern-changed',
  ],
  compare(before, after) {
    const [a, b] = [before.pattern, after.pattern];
    if (a === b) return [];
    const widened = b === undefined || ANYTHING.has(b);
    const message =
      a === undefined
        ? `Pattern ${code(String(b))} set.`
        : b === undefined
          ? `Pattern ${code(a)} dropped.`
          : `Pattern changed from ${code(a)} to ${code(b)}.`;
    return [
      {
        rule: 'pattern-changed',
        message,
        at: b === undefined ? inBase(before.where('pattern')) : inHead(after.where('pattern')),
        byRole: widened ? WIDENED : a === undefined ? NARROWED : BOTH,
        oasdiff:
          a === undefined
            ? 'pattern-added'
            : b === undefined
              ? 'pattern-removed'
              : widened
                ? 'pattern-generalized'
                : 'pattern-changed',
      },
    ];
  },
};
