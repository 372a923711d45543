// Schemas of requests and responses (inline or in shared components): types, enums, properties, constraints.
import { nodeAt } from '../../../model/refs.ts';
import type { EngineChange } from '../diff-engine.ts';
import { impactByRole } from '../rating.ts';
import { engineRule, type RuleContext } from './rule.ts';

/** The schema a removed property belonged to refuses unknown properties in the head (senders then break). */
function closedInHead(change: EngineChange, { sides }: RuleContext): boolean {
  const pointer = change.base?.pointer.replace(/\/properties\/[^/]+$/, '');
  const schema = pointer
    ? (nodeAt(sides.head.bundle, pointer) as Record<string, unknown> | undefined)
    : undefined;
  return schema?.additionalProperties === false || schema?.unevaluatedProperties === false;
}

export const schemas = engineRule(
  'schemas',
  [
    'schema-type-changed',
    'enum-values-added',
    'enum-values-removed',
    'property-removed',
    'required-properties-added',
    'required-properties-removed',
    'schema-constraint-changed',
    'schema-combinator-changed',
  ],
  [
    'a type changed or narrowed (number → integer, also where a `$ref` is inlined for one operation)',
    'enum values removed from a request, or added to a response',
    'a property removed',
    'a request property made required, or a response property made optional',
    'a constraint tightened (maximum, pattern, maxLength...)',
    'oneOf / anyOf / allOf changed',
    'each rated per operation by direction: narrowing (values removed, required added, type narrowed, a constraint tightened, alternatives removed) breaks the operations that send the schema, widening breaks those that read it; the others get `info`',
  ],
  {
    byRole: (verdict, change, context) =>
      impactByRole(verdict.ruleId, verdict.message, change, closedInHead(change, context)),
  },
);
