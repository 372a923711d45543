// `@banking-api/contract/validators`: the one ajv set-up of the toolkit. The model's schemas are JSON Schema
// 2020-12 (a 3.0 contract's read as 3.1's), frozen and shared, so each is compiled once per process and the
// validator is remembered by the schema object. Their `$ref`s name the model's schema table: the table is
// given to ajv once per model (schema-table.ts), so a schema many operations use is compiled once, and a
// recursive one is a recursive function, not an unrolled copy. ajv and ajv-formats are optional peers: the
// client never validates, so it does not pull them in.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from './model.js';
import { referencesIntoTable } from './schema-table.js';
import { isFreeFormSchema } from './schemas.js';

// ajv-formats is CommonJS: its default export arrives wrapped under NodeNext typing.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** One violation: where in the value (a JSON pointer, `/` for the value itself) and what is wrong. */
export interface Violation {
  readonly at: string;
  readonly message: string;
}

// strict: false because OpenAPI schemas carry keywords JSON Schema does not know (example, x-…);
// `binary` and `password` describe a string's content, not a form it must have. A format ajv does not know
// (Stripe's `unix-time`) is ignored, silently: ajv's logger would print a line per schema, with the
// contract's text, to the terminal of whoever validates (the mock's stderr, verify's output).
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, validateFormats: true, logger: false }));
ajv.addFormat('binary', true);
ajv.addFormat('password', true);
const compiled = new WeakMap<object, ValidateFunction>();

/** The compiled validator of a schema, made on first use. */
export function validatorOf(schema: JsonSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(referencesIntoTable(ajv, schema) as object);
    compiled.set(schema, validate);
  }
  return validate;
}

/** The schema's violations by `value`; empty when it conforms. */
export function violationsOf(schema: JsonSchema, value: unknown): Violation[] {
  const validate = validatorOf(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => ({
    at: e.instancePath || '/',
    message: e.message ?? 'is invalid',
  }));
}

/** Violations as `"/at message"` lines, as reports print them. */
export const violationLines = (schema: JsonSchema, value: unknown): string[] =>
  violationsOf(schema, value).map((v) => `${v.at} ${v.message}`);

export const conforms = (schema: JsonSchema, value: unknown): boolean => validatorOf(schema)(value) === true;

/** A schema that states nothing about the value (the contract's "any JSON"), a `$ref` to one too. */
export const isFreeForm = (schema: JsonSchema | undefined): boolean => isFreeFormSchema(schema);
