// Null allowed or no longer allowed, however it is spelled (`nullable: true`, `type: [x, 'null']`, a `oneOf`
// with a null branch: schema-view.ts reads them alike). Becoming nullable breaks readers (a null they do not
// expect); becoming not nullable breaks senders. Only where both sides have a type (else type.ts says it).
import { inBase, inHead } from '../../compare/context.ts';
import type { SchemaView } from '../../effective/schema-view.ts';
import type { SchemaRule } from '../rule.ts';
import { NARROWED, WIDENED } from '../verdicts.ts';

export const nullable: SchemaRule = {
  level: 'schema',
  name: 'nullable',
  produces: ['nullable-changed'],
  covers: [
    'null allowed or no longer allowed (`nullable`, a `null` type, a `oneOf` null branch alike); rated by direction',
  ],
  oasdiff: [
    'request-property-became-nullable',
    'request-property-became-not-nullable',
    'response-property-became-nullable',
    'response-property-became-not-nullable',
    'request-parameter-became-not-nullable',
    'response-header-became-nullable',
  ],
  compare(before: SchemaView, after: SchemaView) {
    if (before.nullable === after.nullable || !before.types || !after.types) return [];
    const became = after.nullable;
    return [
      {
        rule: 'nullable-changed',
        message: became
          ? 'Became nullable: `null` is now a value.'
          : 'No longer nullable: `null` is no longer a value.',
        at: became ? inHead(after.where('type')) : inBase(before.where('type')),
        byRole: became ? WIDENED : NARROWED,
        oasdiff: became ? 'became-nullable' : 'became-not-nullable',
      },
    ];
  },
};
