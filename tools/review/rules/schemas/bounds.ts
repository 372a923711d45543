// A numeric bound moved, inclusive and exclusive alike (schema-view.ts reads both spellings, and an integer's
// exclusive bound as the inclusive one it means): a minimum raised, a maximum lowered, a bound set or made
// exclusive narrow (breaks senders); the reverse widens (breaks readers).
import { inBase, inHead } from '../../compare/context.ts';
import type { Fact } from '../../compare/facts.ts';
import type { Bound, SchemaView } from '../../effective/schema-view.ts';
import type { SchemaRule } from '../rule.ts';
import { NARROWED, WIDENED } from '../verdicts.ts';

type End = 'lower' | 'upper';

/** Whether bound `b` lets fewer values through than `a` on its end (undefined: no bound). */
function tighter(a: Bound | undefined, b: Bound | undefined, end: End): boolean {
  if (!b) return false;
  if (!a) return true;
  if (a.value === b.value) return b.exclusive && !a.exclusive;
  return end === 'lower' ? b.value > a.value : b.value < a.value;
}

const text = (bound: Bound | undefined, end: End) =>
  bound
    ? `\`${end === 'lower' ? (bound.exclusive ? '>' : '≥') : bound.exclusive ? '<' : '≤'} ${bound.value}\``
    : 'none';

/** oasdiff's stem: `min-increased`, `exclusive-max-decreased`, `max-set`... */
function stem(end: End, a: Bound | undefined, b: Bound | undefined, narrowed: boolean): string {
  const word = end === 'lower' ? 'min' : 'max';
  const exclusive = (b ?? a)?.exclusive ? 'exclusive-' : '';
  if (!a) return `${exclusive}${word}-set`;
  const up = (end === 'lower') === narrowed;
  return `${exclusive}${word}-${up ? 'increased' : 'decreased'}`;
}

function boundFact(before: SchemaView, after: SchemaView, end: End): Fact[] {
  const [a, b] = [before[end], after[end]];
  const narrowed = tighter(a, b, end);
  if (!narrowed && !tighter(b, a, end)) return [];
  const keyword = (bound: Bound | undefined) =>
    end === 'lower'
      ? bound?.exclusive
        ? 'exclusiveMinimum'
        : 'minimum'
      : bound?.exclusive
        ? 'exclusiveMaximum'
        : 'maximum';
  return [
    {
      rule: end === 'lower' ? 'minimum-changed' : 'maximum-changed',
      message: `${end === 'lower' ? 'Lower' : 'Upper'} bound ${narrowed ? 'tightened' : 'loosened'} from ${text(a, end)} to ${text(b, end)}.`,
      at: b ? inHead(after.where(keyword(b))) : inBase(before.where(keyword(a))),
      byRole: narrowed ? NARROWED : WIDENED,
      oasdiff: stem(end, a, b, narrowed),
    },
  ];
}

export const bounds: SchemaRule = {
  level: 'schema',
  name: 'bounds',
  appliesTo: 'number',
  produces: ['minimum-changed', 'maximum-changed'],
  valueRule: true,
  covers: [
    "`minimum`/`maximum` moved, set or dropped, and inclusive made exclusive (3.0 and 3.1 spellings alike; an integer's `exclusiveMinimum: 0` is `minimum: 1`); rated by direction",
  ],
  oasdiff: [
    'request-property-min-increased',
    'request-property-max-decreased',
    'request-property-exclusive-min-increased',
    'response-property-max-increased',
    'request-parameter-min-increased',
    'request-parameter-max-set',
  ],
  compare: (before, after) => [...boundFact(before, after, 'lower'), ...boundFact(before, after, 'upper')],
};
