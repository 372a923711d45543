// OpenAPI's `readOnly` and `writeOnly` (3.0 and 3.1 alike): a property marked `readOnly: true` is sent in
// responses only, so a `required` naming it binds responses only and a request lacking it is valid; one marked
// `writeOnly: true` is sent in requests only, and a response may lack it. JSON Schema validators treat both as
// annotations, so the validators compile one view of the schemas per direction: each `required` list without
// the names the other direction owns, each property's schema found as propertySchema finds it (through `$ref`s
// and compositions, one walk per schema node).
import type { JsonSchema } from './model.js';
import type { NodeTransform } from './schema-table.js';
import { propertySchemas, reachableSchemas, resolveSchema } from './schemas.js';

/** Which message a value travels in: a request's body, or a response's. */
export type Direction = 'request' | 'response';

/** The keyword that marks a property as absent from messages of the direction. */
const absentIn = { request: 'readOnly', response: 'writeOnly' } as const;

/** The transform of each schema node for `direction`: its `required` without the properties marked absent. */
export function directionTransform(direction: Direction): NodeTransform {
  const keyword = absentIn[direction];
  return (original, copy) => {
    const required = original.required;
    if (!Array.isArray(required)) return copy;
    const properties = propertySchemas(original);
    const marked = (name: unknown) =>
      typeof name === 'string' && resolveSchema(properties.get(name))?.[keyword] === true;
    const kept = required.filter((name) => !marked(name));
    return kept.length === required.length ? copy : { ...copy, required: kept };
  };
}

/** Whether any schema `schema` reaches marks a property absent in `direction` (else its view is the same). */
export const marksAbsent = (schema: JsonSchema, direction: Direction): boolean =>
  reachableSchemas(schema).some((s) => s[absentIn[direction]] === true);
