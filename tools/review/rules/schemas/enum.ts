// Allowed values changed: values removed narrow (breaks senders), values added widen (breaks readers, who may
// get a value they do not handle), both at once breaks both; an enum set where there was none narrows, one
// dropped widens. Order means nothing.
import { inBase, inHead } from '../../compare/context.ts';
import type { Fact } from '../../compare/facts.ts';
import type { SchemaView } from '../../effective/schema-view.ts';
import { shown } from '../../text/plain.ts';
import type { SchemaRule } from '../rule.ts';
import { BOTH, NARROWED, WIDENED } from '../verdicts.ts';

const key = (v: unknown) => JSON.stringify(v);
const listed = (values: readonly unknown[]) => values.map(shown).join(', ');

function values(before: SchemaView, after: SchemaView): Fact[] {
  const was = new Set((before.enum ?? []).map(key));
  const now = new Set((after.enum ?? []).map(key));
  const removed = (before.enum ?? []).filter((v) => !now.has(key(v)));
  const added = (after.enum ?? []).filter((v) => !was.has(key(v)));
  if (!removed.length && !added.length) return [];
  const at = inHead(after.where('enum'));
  if (removed.length && added.length)
    return [
      {
        rule: 'enum-values-changed',
        message: `Allowed values changed: ${listed(removed)} removed, ${listed(added)} added.`,
        at,
        byRole: BOTH,
        oasdiff: 'enum-value-removed',
      },
    ];
  if (removed.length)
    return [
      {
        rule: 'enum-values-removed',
        message: `Allowed values removed: ${listed(removed)}.`,
        at,
        byRole: NARROWED,
        oasdiff: 'enum-value-removed',
      },
    ];
  return [
    {
      rule: 'enum-values-added',
      message: `Allowed values added: ${listed(added)}.`,
      at,
      byRole: WIDENED,
      oasdiff: 'enum-value-added',
    },
  ];
}

export const enumValues: SchemaRule = {
  level: 'schema',
  name: 'enum',
  produces: ['enum-values-removed', 'enum-values-added', 'enum-values-changed', 'enum-added', 'enum-removed'],
  valueRule: true,
  covers: [
    'enum values removed (narrowed: breaks senders), added (widened: breaks readers), or both; reordered: nothing',
    'an enum set where there was none (narrowed) or dropped (widened)',
  ],
  oasdiff: [
    'request-property-enum-value-removed',
    'request-parameter-enum-value-removed',
    'response-property-enum-value-added',
    'request-property-became-enum',
    'request-parameter-became-enum',
  ],
  compare(before, after) {
    if (before.enum && after.enum) return values(before, after);
    if (after.enum)
      return [
        {
          rule: 'enum-added',
          message: `Values restricted to ${listed(after.enum)}.`,
          at: inHead(after.where('enum')),
          byRole: NARROWED,
          oasdiff: 'became-enum',
        },
      ];
    if (before.enum)
      return [
        {
          rule: 'enum-removed',
          message: `Values no longer restricted (were ${listed(before.enum)}).`,
          at: inBase(before.where('enum')),
          byRole: WIDENED,
        },
      ];
    return [];
  },
};
