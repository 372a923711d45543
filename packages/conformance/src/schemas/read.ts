// How the engine reads a schema of the model: every walk goes through `resolved` (the contract's
// resolveSchema: a `$ref` to the model's schemas table followed), so a shared or recursive schema reads as
// its target; walks stay bounded by depth.
import { type JsonSchema, resolveSchema } from '@banking-api/contract';

/** The schema a `$ref` names (its siblings over it), or the schema itself. */
export const resolved = (schema: JsonSchema | undefined): JsonSchema | undefined => resolveSchema(schema);

/** A schema's list-valued keyword (`allOf`, `oneOf`, `anyOf`) as schemas. */
export const listOf = (schema: JsonSchema, keyword: string): JsonSchema[] =>
  Array.isArray(schema[keyword]) ? (schema[keyword] as JsonSchema[]) : [];

/** A schema's properties, each resolved. */
export const propertiesOf = (schema: JsonSchema): [string, JsonSchema][] =>
  Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).flatMap(([name, child]) => {
    const s = resolved(child);
    return s ? [[name, s] as [string, JsonSchema]] : [];
  });

/** The first type a schema names (`["string", "null"]` → string), or the one its keywords imply. */
export function typeOf(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (typeof type === 'string') return type;
  if (schema.properties || schema.required) return 'object';
  if (schema.items) return 'array';
  if (typeof schema.pattern === 'string' || typeof schema.format === 'string') return 'string';
  return undefined;
}

/** The allOf members merged into one schema (properties and required joined): what a value must fill. */
export function flattened(schema: JsonSchema, depth = 0): JsonSchema {
  const members = listOf(schema, 'allOf');
  if (members.length === 0 || depth > 8) return schema;
  const { allOf: _, ...own } = schema;
  let out: Record<string, unknown> = { ...own };
  for (const member of members) {
    const m = flattened(resolved(member) ?? {}, depth + 1);
    out = {
      ...m,
      ...out,
      properties: { ...(m.properties as object), ...(out.properties as object) },
      required: [...new Set([...((m.required as string[]) ?? []), ...((out.required as string[]) ?? [])])],
    };
  }
  return out;
}

/**
 * A schema's `pattern` as a JavaScript pattern, or undefined when JavaScript cannot read it (the contract's
 * dialect is ECMA-262, but real contracts hold patterns valid only without the `u` flag, or not at all).
 */
export function patternOf(schema: JsonSchema): RegExp | undefined {
  if (typeof schema.pattern !== 'string') return undefined;
  for (const flags of ['u', '']) {
    try {
      return new RegExp(schema.pattern, flags);
    } catch {
      // the next reading, or none
    }
  }
  return undefined;
}
