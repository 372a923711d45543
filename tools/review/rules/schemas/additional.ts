// Whether properties the schema does not list are accepted: closed (`additionalProperties: false` or
// `unevaluatedProperties: false`) narrows (breaks senders that send others), opened widens (breaks readers
// that count on none); a schema for them set where they were open narrows, one dropped widens. What the
// schema for them says is compared as a schema (`*` in field paths).
import { inBase, inHead } from '../../compare/context.ts';
import type { SchemaView } from '../../effective/schema-view.ts';
import type { SchemaRule } from '../rule.ts';
import { NARROWED, WIDENED } from '../verdicts.ts';

/** 0 closed, 1 constrained by a schema, 2 open: how many unlisted properties get through. */
const openness = (view: SchemaView) =>
  view.additional === 'closed' ? 0 : view.additional === 'open' ? 2 : 1;
const WORDS = ['refused', 'constrained by a schema', 'accepted'];

export const additionalProperties: SchemaRule = {
  level: 'schema',
  name: 'additional-properties',
  appliesTo: 'object',
  produces: ['additional-properties-changed'],
  covers: [
    'unlisted properties refused (narrowed: breaks senders) or accepted again (widened: breaks readers)',
  ],
  oasdiff: [],
  compare(before, after) {
    const [a, b] = [openness(before), openness(after)];
    if (a === b) return [];
    const narrowed = b < a;
    const keyword = (v: SchemaView) =>
      v.additional === 'closed' && !v.where('additionalProperties').endsWith('additionalProperties')
        ? 'unevaluatedProperties'
        : 'additionalProperties';
    return [
      {
        rule: 'additional-properties-changed',
        message: `Properties it does not list are now ${WORDS[b]} (were ${WORDS[a]}).`,
        at: b === 2 ? inBase(before.where(keyword(before))) : inHead(after.where(keyword(after))),
        byRole: narrowed ? NARROWED : WIDENED,
      },
    ];
  },
};
