// `oneOf` / `anyOf` alternatives added (widened: readers may get a shape they do not handle) or removed
// (narrowed: senders of that shape break); a list of alternatives set where there was none narrows, one
// dropped widens. `allOf` members that could not be merged (schema-view.ts) work the other way round: a
// member added narrows, one removed widens. Members are matched by the component they name (inline ones by
// place), and matched members are compared as schemas. A null branch is nullability (nullable.ts).
import { inBase, inHead } from '../../compare/context.ts';
import type { Fact } from '../../compare/facts.ts';
import { matchMembers } from '../../effective/members.ts';
import type { SchemaRef } from '../../effective/schema-parts.ts';
import type { SchemaView } from '../../effective/schema-view.ts';
import type { SchemaRule } from '../rule.ts';
import { NARROWED, WIDENED } from '../verdicts.ts';

type Keyword = 'oneOf' | 'anyOf' | 'allOf';
const STEM: Record<Keyword, string> = { oneOf: 'one-of', anyOf: 'any-of', allOf: 'all-of' };

function members(keyword: Keyword, before: SchemaView, after: SchemaView): Fact[] {
  const [a, b] = [before[keyword] ?? [], after[keyword] ?? []];
  if (keyword !== 'allOf' && !a.length && !b.length) return [];
  const matched = matchMembers(a, b);
  const removed = a.length - matched.length;
  const added = b.length - matched.length;
  if (!removed && !added) return [];
  const widens = keyword === 'allOf' ? removed > 0 && !added : added > 0 && !removed && a.length > 0;
  const narrows = keyword === 'allOf' ? added > 0 && !removed : (removed > 0 && !added) || a.length === 0;
  const first = (list: SchemaRef[], other: SchemaRef[]) =>
    list.find((m) => !matched.some(([x, y]) => x === m || y === m)) ?? other[0];
  const message = `\`${keyword}\`: ${added ? `${added} member(s) added` : ''}${added && removed ? ', ' : ''}${removed ? `${removed} member(s) removed` : ''}.`;
  return [
    {
      rule: 'schema-combinator-changed',
      message,
      at: added
        ? inHead(first(b, b)?.at ?? after.where(keyword))
        : inBase(first(a, a)?.at ?? before.where(keyword)),
      byRole: narrows ? NARROWED : widens ? WIDENED : { send: 'major', read: 'major' },
      oasdiff: `${STEM[keyword]}-${added && !removed ? 'added' : 'removed'}`,
    },
  ];
}

export const alternatives: SchemaRule = {
  level: 'schema',
  name: 'alternatives',
  produces: ['schema-combinator-changed'],
  covers: [
    '`oneOf`/`anyOf` alternatives added (widened) or removed (narrowed), matched by the component they name; unmerged `allOf` members added (narrowed) or removed (widened)',
  ],
  oasdiff: [
    'request-property-one-of-removed',
    'response-property-one-of-added',
    'request-property-any-of-removed',
    'request-property-all-of-added',
  ],
  compare: (before, after) =>
    (['oneOf', 'anyOf', 'allOf'] as const).flatMap((k) => members(k, before, after)),
};
