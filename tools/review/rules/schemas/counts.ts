// Lengths and counts moved: `minLength`, `minItems`, `minProperties` raised or `max…` lowered or set narrow
// (breaks senders); the reverse widens (breaks readers). `minLength: 0` is no minimum.
import { inBase, inHead } from '../../compare/context.ts';
import type { Fact } from '../../compare/facts.ts';
import { allowsType, COUNTS, type Count, type SchemaView } from '../../effective/schema-view.ts';
import type { SchemaRule } from '../rule.ts';
import { NARROWED, WIDENED } from '../verdicts.ts';

const RULES: Record<Count, string> = {
  minLength: 'min-length-changed',
  maxLength: 'max-length-changed',
  minItems: 'min-items-changed',
  maxItems: 'max-items-changed',
  minProperties: 'min-properties-changed',
  maxProperties: 'max-properties-changed',
};
const STEMS: Record<Count, string> = {
  minLength: 'min-length',
  maxLength: 'max-length',
  minItems: 'min-items',
  maxItems: 'max-items',
  minProperties: 'min-properties',
  maxProperties: 'max-properties',
};

/** The JSON type each count constrains. */
const TYPE: Record<Count, string> = {
  minLength: 'string',
  maxLength: 'string',
  minItems: 'array',
  maxItems: 'array',
  minProperties: 'object',
  maxProperties: 'object',
};

function countFact(before: SchemaView, after: SchemaView, count: Count): Fact[] {
  if (!allowsType(before, TYPE[count]) || !allowsType(after, TYPE[count])) return [];
  const [a, b] = [before.counts[count], after.counts[count]];
  if (a === b) return [];
  const lower = count.startsWith('min');
  const narrowed = a === undefined ? true : b === undefined ? false : lower ? b > a : b < a;
  const stem =
    a === undefined
      ? `${STEMS[count]}-set`
      : b === undefined
        ? `${STEMS[count]}-unset`
        : `${STEMS[count]}-${b > a ? 'increased' : 'decreased'}`;
  const shown = (n: number | undefined) => (n === undefined ? 'none' : `\`${n}\``);
  return [
    {
      rule: RULES[count],
      message: `\`${count}\` ${narrowed ? 'tightened' : 'loosened'} from ${shown(a)} to ${shown(b)}.`,
      at: b === undefined ? inBase(before.where(count)) : inHead(after.where(count)),
      byRole: narrowed ? NARROWED : WIDENED,
      oasdiff: stem,
    },
  ];
}

/** `uniqueItems` set (narrowed: repeated items no longer accepted) or dropped (widened). */
function uniqueFact(before: SchemaView, after: SchemaView): Fact[] {
  if (before.uniqueItems === after.uniqueItems || !allowsType(before, 'array') || !allowsType(after, 'array'))
    return [];
  const set = after.uniqueItems;
  return [
    {
      rule: 'unique-items-changed',
      message: set ? 'Items must now be unique.' : 'Items may now repeat.',
      at: set ? inHead(after.where('uniqueItems')) : inBase(before.where('uniqueItems')),
      byRole: set ? NARROWED : WIDENED,
    },
  ];
}

export const counts: SchemaRule = {
  level: 'schema',
  name: 'counts',
  produces: [...Object.values(RULES), 'unique-items-changed'],
  valueRule: true,
  covers: [
    '`minLength`/`maxLength`, `minItems`/`maxItems`, `minProperties`/`maxProperties` moved, set or dropped, and `uniqueItems`; rated by direction',
  ],
  oasdiff: [
    'request-property-max-length-decreased',
    'request-property-min-length-increased',
    'request-property-min-items-increased',
    'request-parameter-max-items-decreased',
    'response-property-max-length-increased',
    'response-property-min-items-decreased',
  ],
  compare: (before, after) => [
    ...COUNTS.flatMap((count) => countFact(before, after, count)),
    ...uniqueFact(before, after),
  ],
};
