// A schema of the bundle in the model's form: JSON Schema 2020-12, whatever the contract's OpenAPI version,
// with its `$ref`s kept as references. Inlining them unrolled a recursive schema once per route through
// the reference graph (Stripe's spec ran out of a 4 GB heap); kept, each schema node of the bundle is read
// once, so the model is linear in the document, and a cycle is a reference back, as the bundle writes it.
// OpenAPI 3.0's own keywords are spelled as 3.1 spells them, so that ajv and every room read one dialect:
// `nullable: true` allows null (in `type`, `enum`, or as one more `anyOf` alternative), and a boolean
// `exclusiveMinimum`/`exclusiveMaximum` moves its bound into the keyword.
import type { JsonSchema } from '@banking-api/contract';
import { mapSubschemas } from '../packages/contract/src/schemas.ts';

type Schema = Record<string, unknown>;
const NULL: JsonSchema = Object.freeze({ type: 'null' });

/** 3.0's `nullable: true` as 3.1 writes it; `schema` is a fresh copy without `nullable`. */
function allowNull(schema: Schema): Schema {
  const { type } = schema;
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  if (typeof type === 'string') return { ...schema, type: [type, 'null'] };
  if (Array.isArray(type)) return type.includes('null') ? schema : { ...schema, type: [...type, 'null'] };
  for (const keyword of ['anyOf', 'oneOf'])
    if (Array.isArray(schema[keyword])) return { ...schema, [keyword]: [...(schema[keyword] as []), NULL] };
  if (typeof schema.$ref === 'string' || Array.isArray(schema.allOf)) {
    const { $ref, allOf, ...rest } = schema;
    return {
      ...rest,
      anyOf: [{ ...($ref === undefined ? {} : { $ref }), ...(allOf ? { allOf } : {}) }, NULL],
    };
  }
  return schema; // nothing it says refuses null
}

/** 3.0's boolean exclusive bound (`minimum: 0, exclusiveMinimum: true`) as 3.1's (`exclusiveMinimum: 0`). */
function exclusiveBound(schema: Schema, exclusive: string, bound: string): void {
  if (typeof schema[exclusive] !== 'boolean') return;
  if (schema[exclusive] === true && typeof schema[bound] === 'number') {
    schema[exclusive] = schema[bound];
    delete schema[bound];
  } else delete schema[exclusive];
}

function from30(schema: Schema): Schema {
  exclusiveBound(schema, 'exclusiveMinimum', 'minimum');
  exclusiveBound(schema, 'exclusiveMaximum', 'maximum');
  if (!('nullable' in schema)) return schema;
  const { nullable, ...rest } = schema;
  return nullable === true ? allowNull(rest) : rest;
}

/**
 * A reader of schemas in the model's form for a document of `dialect`; `named(pointer)` hears each pointer
 * a `$ref` names (the loader reads those into the model's schema table). Each node is read once.
 */
export function schemaForm(
  dialect: '3.0' | '3.1',
  named: (pointer: string) => void,
): (node: unknown) => JsonSchema {
  const read = new WeakMap<object, JsonSchema>();
  const form = (node: unknown): JsonSchema => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return node as JsonSchema;
    const known = read.get(node);
    if (known) return known;
    const ref = (node as Schema).$ref;
    if (typeof ref === 'string') {
      if (!ref.startsWith('#')) throw new Error(`a schema's $ref is not local to the bundle: ${ref}`);
      named(ref);
    }
    const copied = mapSubschemas(node as JsonSchema, form) as Schema;
    const result = dialect === '3.0' ? from30(copied === node ? { ...copied } : copied) : copied;
    read.set(node, result);
    return result;
  };
  return form;
}
