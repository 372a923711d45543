// `@banking-api/contract/validators`: the one ajv set-up of the toolkit. The model's schemas are resolved
// and self-contained (OpenAPI 3.1 = JSON Schema 2020-12), frozen and shared, so each is compiled once per
// process and the validator is remembered by the schema object. ajv and ajv-formats are optional peers:
// the client never validates, so it does not pull them in.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from './model.js';

// ajv-formats is CommonJS: its default export arrives wrapped under NodeNext typing.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** One violation: where in the value (a JSON pointer, `/` for the value itself) and what is wrong. */
export interface Violation {
  readonly at: string;
  readonly message: string;
}

// strict: false because OpenAPI schemas carry keywords JSON Schema does not know (example, x-…);
// `binary` and `password` describe a string's content, not a form it must have.
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, validateFormats: true }));
ajv.addFormat('binary', true);
ajv.addFormat('password', true);
const compiled = new WeakMap<object, ValidateFunction>();

/** The compiled validator of a schema, made on first use. */
export function validatorOf(schema: JsonSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema as object);
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

// Keywords that only describe: a schema made of these alone accepts any value.
const DESCRIPTIVE = new Set(['description', 'title', 'examples', 'example', '$comment', 'deprecated']);

/** A schema that states nothing about the value (the contract's "any JSON"). */
export const isFreeForm = (schema: JsonSchema | undefined): boolean =>
  !schema || Object.keys(schema).every((k) => DESCRIPTIVE.has(k) || k.startsWith('x-'));
