// A value made from a schema of the contract's, for an answer the mock must give where the contract shows no
// usable example (an error it documents only by schema, an example that breaks its own schema). Made as Prism
// makes an answer without example: its static sampler first (deterministic), then its data generator with a
// fixed seed (patterns, formats); the first value the schema accepts is kept, none when neither is valid.
import { type JsonSchema, type SchemaTable, tableOf } from '@banking-api/contract';
import { violationsOf } from '@banking-api/contract/validators';
import { generate, generateStatic } from '@stoplight/prism-http/dist/mocker/generator/JSONSchema.js';
import type { IHttpOperation } from '@stoplight/types';

const SEED = 'banking-api-mock';
const made = new WeakMap<JsonSchema, { value: unknown } | null>();

/** A value `schema` accepts, made once per schema; undefined when none could be made. */
export function valueFromSchema(schema: JsonSchema): unknown {
  let known = made.get(schema);
  if (known === undefined) {
    known = firstValid(schema);
    made.set(schema, known);
  }
  return known === null ? undefined : structuredClone(known.value);
}

function firstValid(schema: JsonSchema): { value: unknown } | null {
  const doc = documentOf(tableOf(schema) ?? {});
  const attempts = [
    () => generateStatic(doc as unknown as IHttpOperation, schema as never),
    () => generate(doc as unknown as IHttpOperation, doc, schema as never, SEED),
  ];
  for (const attempt of attempts) {
    const result = safely(attempt);
    if (result !== undefined && violationsOf(schema, result.value).length === 0) return result;
  }
  return null;
}

type Made = ReturnType<typeof generateStatic>;

/** The attempt's value; undefined when it failed or threw (a schema too large, a generator's fault). */
function safely(attempt: () => Made): { value: unknown } | undefined {
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

const unescapeKey = (key: string): string => key.replaceAll('~1', '/').replaceAll('~0', '~');
