// Schemas of requests and responses (inline or in shared components): types, enums, properties, constraints.
import { engineRule } from './rule.ts';

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
  ],
);
