// The model file as the package ships it: either the model itself, or `{ sharedSchemas, model }`, where each
// schema that stands in several places is written once and each place holds `{ "$shared": index }` (the
// build's model/pack.ts: at 2,002 operations the whole model was 19.8 MB of JSON). Read back into one
// read-only model, each shared schema the same object wherever it stands.
import type { ContractModel, JsonSchema } from './model.js';

type Packed = { sharedSchemas: JsonSchema[]; model: ContractModel };

/** The model a model file holds, deeply frozen (read-only, shared). */
export function unpackModel(file: unknown): ContractModel {
  if (!isPacked(file)) return deepFreeze(file as ContractModel);
  const shared = file.sharedSchemas.map((schema) => deepFreeze(schema));
  const link = (holder: { schema?: JsonSchema | undefined }) => {
    const index = (holder.schema as { $shared?: unknown } | undefined)?.$shared;
    if (typeof index === 'number') (holder as { schema: JsonSchema }).schema = shared[index] as JsonSchema;
  };
  for (const op of file.model.operations) {
    op.parameters.forEach(link);
    for (const media of op.requestBody?.content ?? []) {
      link(media);
      media.fields?.forEach(link);
    }
    for (const response of op.responses) response.content.forEach(link);
  }
  return deepFreeze(file.model);
}

function isPacked(file: unknown): file is Packed {
  return typeof file === 'object' && file !== null && Array.isArray((file as Packed).sharedSchemas);
}

/** Freezes `value` and all it holds; what is frozen already (a shared schema) is not walked again. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
