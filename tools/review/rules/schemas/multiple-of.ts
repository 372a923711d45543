// `multipleOf` changed: a multiple of the old step narrows (fewer values), a divisor of it widens, anything
// else moves values both ways.
import { inBase, inHead } from '../../compare/context.ts';
import type { SchemaRule } from '../rule.ts';
import { BOTH, NARROWED, WIDENED } from '../verdicts.ts';

const divides = (a: number, b: number) => Number.isInteger(b / a);

export const multipleOf: SchemaRule = {
  level: 'schema',
  name: 'multiple-of',
  appliesTo: 'number',
  produces: ['multiple-of-changed'],
  valueRule: true,
  covers: [
    '`multipleOf` set or made a multiple of itself (narrowed), dropped or made a divisor (widened), or changed',
  ],
  oasdiff: [],
  compare(before, after) {
    const [a, b] = [before.multipleOf, after.multipleOf];
    if (a === b) return [];
    const byRole =
      a === undefined
        ? NARROWED
        : b === undefined
          ? WIDENED
          : divides(a, b)
            ? NARROWED
            : divides(b, a)
              ? WIDENED
              : BOTH;
    return [
      {
        rule: 'multiple-of-changed',
        message: `\`multipleOf\` changed from ${a ?? 'none'} to ${b ?? 'none'}.`,
        at: b === undefined ? inBase(before.where('multipleOf')) : inHead(after.where('multipleOf')),
        byRole,
      },
    ];
  },
};
