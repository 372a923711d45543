// The model as the contract package ships it (dist/model.json): every schema written once. The model
// inlines each operation's schemas whole, so at 2,002 operations its JSON was 19.8 MB and parsing it was most
// of what the mock's start grew by. Here a schema that stands in several places is written once, in
// `sharedSchemas`, and each place holds `{ "$shared": index }`; @banking-api/contract's `unpackModel` puts
// them back (the same object in each place). The committed generated/contract-model.json stays whole, to
// read and to diff.
import type { ContractModel, JsonSchema } from '@banking-api/contract';

/** The places of a model that hold a schema. */
function* schemaHolders(model: ContractModel): Generator<{ schema?: JsonSchema }> {
  for (const op of model.operations) {
    yield* op.parameters;
    for (const media of op.requestBody?.content ?? []) {
      yield media;
      yield* media.fields ?? [];
    }
    for (const response of op.responses) yield* response.content;
  }
}

/** The model's JSON with each repeated schema written once. */
export function packModel(model: ContractModel): string {
  const shared: string[] = [];
  const indexOf = new Map<string, number>();
  const seen = new Map<string, number>();
  for (const holder of schemaHolders(model)) {
    if (!holder.schema) continue;
    const text = JSON.stringify(holder.schema);
    seen.set(text, (seen.get(text) ?? 0) + 1);
  }
  const packed = JSON.parse(JSON.stringify(model)) as ContractModel;
  for (const holder of schemaHolders(packed)) {
    if (!holder.schema) continue;
    const text = JSON.stringify(holder.schema);
    if ((seen.get(text) ?? 0) < 2) continue;
    let index = indexOf.get(text);
    if (index === undefined) {
      index = shared.push(text) - 1;
      indexOf.set(text, index);
    }
    (holder as { schema: unknown }).schema = { $shared: index };
  }
  return `{"sharedSchemas":[${shared.join(',')}],"model":${JSON.stringify(packed)}}\n`;
}
