// A value made from a schema of the contract's, for an answer the mock must give where the contract shows no
// usable example (an error it documents only by schema, an example that breaks its own schema). Made as Prism
// makes an answer without example: its static sampler (deterministic, the schema's own `example`s), whose
// misses (a `pattern`, a `format`, a property it left out, a `oneOf` branch no value can meet) are filled from
// Prism's data generator, run with a few fixed seeds (each picks its own branches); the value is kept only when
// the schema accepts it (what still breaks it is left out where the schema lets it: value-repair.ts), none
// otherwise.
import { type JsonSchema, type SchemaTable, tableOf } from '@banking-api/contract';
import { validatorOf } from '@banking-api/contract/validators';
import { generate, generateStatic } from '@stoplight/prism-http/dist/mocker/generator/JSONSchema.js';
import { filled, pruned, unescapeKey } from './value-repair.ts';

const SEEDS = ['banking-api-mock', 'seed-2', 'seed-3', 'seed-4', 'seed-5'];
/** Rounds of filling the sample's misses from one generated value. */
const ROUNDS = 3;
const made = new WeakMap<JsonSchema, { value: unknown } | null>();

/** A value `schema` accepts, made once per schema; undefined when none could be made. */
export function valueFromSchema(schema: JsonSchema): unknown {
  let known = made.get(schema);
  if (known === undefined) {
    known = madeValue(schema);
    made.set(schema, known);
  }
  return known === null ? undefined : structuredClone(known.value);
}

function madeValue(schema: JsonSchema): { value: unknown } | null {
  const doc = documentOf(tableOf(schema) ?? {});
  const operation = doc as unknown as Parameters<typeof generateStatic>[0];
  const sample = safely(() => generateStatic(operation, schema as never));
  if (sample === undefined) return null;
  const validator = validatorOf(schema, 'response');
  const validate = (value: unknown): boolean => validator(value); // no type guard: the value stays unknown
  if (validate(sample.value)) return sample;
  // The generator resolves `$ref`s against the schema it is given: the table rides along.
  const rooted = { ...schema, components: doc.components } as never;
  let value = sample.value;
  for (const seed of SEEDS) {
    const generated = safely(() => generate(operation, doc, rooted, seed));
    if (generated === undefined) continue;
    for (let round = 0; round < ROUNDS && !validate(value); round++)
      value = filled(value, generated.value, validator.errors ?? []);
    if (validate(value)) return { value };
    if (validate(generated.value)) return generated;
  }
  value = pruned(value, validator);
  return validate(value) ? { value } : null;
}

/** The attempt's value; undefined when it failed or threw (a schema too large, a generator's fault). */
function safely(attempt: () => ReturnType<typeof generateStatic>): { value: unknown } | undefined {
  try {
    const either = attempt();
    return either._tag === 'Right' ? { value: either.right } : undefined;
  } catch {
    return undefined;
  }
}

/** The table as a document its `$ref`s point into (`#/components/schemas/Name` → components.schemas.Name). */
function documentOf(table: SchemaTable): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const [pointer, schema] of Object.entries(table)) {
    const keys = pointer.replace(/^#\//, '').split('/').map(unescapeKey);
    let node = doc;
    for (const key of keys.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys.at(-1) as string] = schema;
  }
  return doc;
}
