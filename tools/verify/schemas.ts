// JSON Schema validation of bodies against the model's schemas (already dereferenced, OpenAPI 3.1 =
// JSON Schema 2020-12), compiled once per schema object.
import type { JsonSchema } from '@banking-api/contract';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: its default export arrives wrapped under NodeNext typing.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

// strict: false because OpenAPI schemas carry keywords JSON Schema does not know (example, x-…).
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, validateFormats: true }));
const compiled = new WeakMap<object, ValidateFunction>();

function validatorOf(schema: JsonSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema as object);
    compiled.set(schema, validate);
  }
  return validate;
}

/** The schema's violations by `value`, as "/path message" lines; empty when it conforms. */
export function violations(schema: JsonSchema, value: unknown): string[] {
  const validate = validatorOf(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
}

export const conforms = (schema: JsonSchema, value: unknown) => violations(schema, value).length === 0;

// Keywords that only describe: a schema made of these alone accepts any value.
const descriptive = new Set(['description', 'title', 'examples', 'example', '$comment', 'deprecated']);

/** A schema that states nothing about the value (the contract's "any JSON"). */
export function isFreeForm(schema: JsonSchema | undefined): boolean {
  if (!schema) return true;
  return Object.keys(schema).every((k) => descriptive.has(k) || k.startsWith('x-'));
}
