// A schema's type changed (null aside: nullable.ts): `integer` → `number` widens, `number` → `integer` or
// `[string, integer]` → `string` narrows, `string` → `integer` replaces (both directions break). A replaced
// type says all there is: its old values' rules (enum, format, bounds) report nothing beside it.
import { inHead } from '../../compare/context.ts';
import type { SchemaView } from '../../effective/schema-view.ts';
import type { SchemaRule } from '../rule.ts';
import { ratingOf, typeChangeIds, verdictMessage, verdictOf } from '../verdicts.ts';

/** Whether types `outer` allow every value types `inner` allow (undefined: any type). */
export function allows(
  outer: ReadonlySet<string> | undefined,
  inner: ReadonlySet<string> | undefined,
): boolean {
  if (!outer) return true;
  if (!inner) return false;
  for (const t of inner) if (!outer.has(t) && !(t === 'integer' && outer.has('number'))) return false;
  return true;
}

export const typeText = (types: ReadonlySet<string> | undefined) =>
  types ? (types.size ? [...types].sort().join(' | ') : 'nothing') : 'any';

export const type: SchemaRule = {
  level: 'schema',
  name: 'type',
  produces: ['schema-type-changed'],
  replacesValues: true,
  covers: [
    'a type changed, narrowed (`number` → `integer`, a type left out of a list) or widened; rated by direction',
    'a `$ref` inlined or moved to another component with another type: only the operations reaching the new node',
  ],
  oasdiff: [
    'request-property-type-changed',
    'request-property-type-generalized',
    'response-property-type-changed',
    'response-property-type-specialized',
    'request-parameter-type-changed',
    'response-header-type-changed',
  ],
  compare(before: SchemaView, after: SchemaView) {
    const verdict = verdictOf(allows(after.types, before.types), allows(before.types, after.types));
    if (!verdict) return [];
    return [
      {
        rule: 'schema-type-changed',
        message: verdictMessage('Type', verdict, typeText(before.types), typeText(after.types)),
        at: inHead(after.where('type')),
        byRole: ratingOf(verdict),
        oasdiff: typeChangeIds(verdict),
      },
    ];
  },
};
