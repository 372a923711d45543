// `@banking-api/contract/validators`: the one ajv set-up of the toolkit. The model's schemas are JSON Schema
// 2020-12 (a 3.0 contract's read as 3.1's), frozen and shared, so each is compiled once per process and the
// validator is remembered by the schema object. Their `$ref`s name the model's schema table: the table is
// given to ajv once per model (schema-table.ts), so a schema many operations use is compiled once, and a
// recursive one is a recursive function, not an unrolled copy. A request body or a response is judged in its
// direction (schema-direction.ts: `readOnly`/`writeOnly` properties required in one direction only), each
// direction with an ajv instance and table documents of its own. ajv and ajv-formats are optional peers: the
// client never validates, so it does not pull them in.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from './model.js';
import { type Direction, directionTransform, marksAbsent } from './schema-direction.js';
import { type NodeTransform, referencesIntoTable } from './schema-table.js';
import { isFreeFormSchema } from './schemas.js';

// ajv-formats is CommonJS: its default export arrives wrapped under NodeNext typing.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** One violation: where in the value (a JSON pointer, `/` for the value itself) and what is wrong. */
export interface Violation {
  readonly at: string;
  readonly message: string;
}

export { type Direction, requiredIn } from './schema-direction.js';

/** One ajv instance, the transform its schemas and table documents pass through, its validators by schema. */
interface Instance {
  readonly ajv: Ajv2020;
  readonly transform?: NodeTransform;
  readonly compiled: WeakMap<object, ValidateFunction>;
}

// strict: false because OpenAPI schemas carry keywords JSON Schema does not know (example, x-…);
// `binary` and `password` describe a string's content, not a form it must have. A format ajv does not know
// (Stripe's `unix-time`) is ignored, silently: ajv's logger would print a line per schema, with the
// contract's text, to the terminal of whoever validates (the mock's stderr, verify's output).
function instance(transform?: NodeTransform): Instance {
  const ajv = addFormats(
    new Ajv2020({ strict: false, allErrors: true, validateFormats: true, logger: false }),
  );
  ajv.addFormat('binary', true);
  ajv.addFormat('password', true);
  return { ajv, transform, compiled: new WeakMap() };
}

const plain = instance();
const directed: Partial<Record<Direction, Instance>> = {};
const marking = { request: new WeakMap<object, boolean>(), response: new WeakMap<object, boolean>() };

/** Whether a property `schema` reaches is marked absent in `direction` (readOnly, writeOnly): known once. */
export function differsByDirection(schema: JsonSchema, direction: Direction): boolean {
  let marked = marking[direction].get(schema);
  if (marked === undefined) {
    marked = marksAbsent(schema, direction);
    marking[direction].set(schema, marked);
  }
  return marked;
}

/** The instance for `schema` in `direction`: the plain one where no property it reaches is marked. */
function instanceFor(schema: JsonSchema, direction: Direction | undefined): Instance {
  if (!direction || !differsByDirection(schema, direction)) return plain;
  directed[direction] ??= instance(directionTransform(direction));
  return directed[direction];
}

/**
 * The compiled validator of a schema, made on first use. With a direction, a `required` property marked
 * `readOnly` (for a request) or `writeOnly` (for a response) may be absent; without, every one is required.
 */
export function validatorOf(schema: JsonSchema, direction?: Direction): ValidateFunction {
  const { ajv, transform, compiled } = instanceFor(schema, direction);
  let validate = compiled.get(schema);
  if (!validate) {
    validate = compiledCopy(ajv, referencesIntoTable(ajv, schema, transform));
    compiled.set(schema, validate);
  }
  return validate;
}

/**
 * A schema that is a reference into the table and nothing else (most bodies and answers: `$ref: Customer`)
 * is the table's own validator, compiled once for all that name it: compiled as a schema of its own, each
 * took its own copy of every table schema it reaches (a heap snapshot of a verify run on Stripe held one
 * 300 KB validator 619 times over). Any other schema is compiled, and not left in ajv's own cache, which
 * keeps every schema it compiles for good: its validator lives as long as the model's schema does.
 */
function compiledCopy(ajv: Ajv2020, copy: JsonSchema): ValidateFunction {
  const keys = Object.keys(copy);
  if (keys.length === 1 && typeof copy.$ref === 'string' && copy.$ref.startsWith('urn:')) {
    const shared = ajv.getSchema(copy.$ref);
    if (shared) return shared;
  }
  const validate = ajv.compile(copy as object);
  ajv.removeSchema(copy as object);
  return validate;
}

/** The schema's violations by `value` (judged in `direction`, if given); empty when it conforms. */
export function violationsOf(schema: JsonSchema, value: unknown, direction?: Direction): Violation[] {
  const validate = validatorOf(schema, direction);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => ({
    at: e.instancePath || '/',
    message: e.message ?? 'is invalid',
  }));
}

/** Violations as `"/at message"` lines, as reports print them. */
export const violationLines = (schema: JsonSchema, value: unknown, direction?: Direction): string[] =>
  violationsOf(schema, value, direction).map((v) => `${v.at} ${v.message}`);

export const conforms = (schema: JsonSchema, value: unknown, direction?: Direction): boolean =>
  validatorOf(schema, direction)(value) === true;

/** A schema that states nothing about the value (the contract's "any JSON"), a `$ref` to one too. */
export const isFreeForm = (schema: JsonSchema | undefined): boolean => isFreeFormSchema(schema);
