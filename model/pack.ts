// The model as the contract package ships it, made for a start that does not grow with the contract:
// - Each schema that stands in several places is written once, in `sharedSchemas`, and each place holds
//   `{ "$shared": index }` (the model inlines each operation's schemas whole: at 2,002 operations its JSON was
//   19.8 MB, and parsing it was most of what the mock's start grew by).
// - Each operation's details (parameters, bodies, responses, security, gaps...: nineteen twentieths of the
//   model) go to a second file, `model-details.jsonl`, one line per operation; the model file keeps their byte
//   range. A reader parses an operation's details when first asked: the mock routes on paths alone, and parsing
//   and freezing all 6 MB of them at 2,002 operations grew its start by 14% over 22 (bench/scale.ts).
// @banking-api/contract's `readModel` reads both back into the same model. The committed
// generated/contract-model.json stays whole, to read and to diff.
import { createHash } from 'node:crypto';
import type { ContractModel, JsonSchema, Operation } from '@banking-api/contract';

/** The file beside the model file that holds the operations' details. */
export const DETAILS_FILE = 'model-details.jsonl';

/** What an operation keeps in the model file; the rest is its details (@banking-api/contract's model-file.ts). */
const SUMMARY = new Set([
  'key',
  'method',
  'path',
  'operationId',
  'summary',
  'tags',
  'accountHeader',
  'source',
  'security', // small, and read for every operation by allScopes (a mock's default token)
]);

/** The places of an operation that hold a schema. */
function* schemaHolders(op: Operation): Generator<{ schema?: JsonSchema }> {
  yield* op.parameters;
  for (const media of op.requestBody?.content ?? []) {
    yield media;
    yield* media.fields ?? [];
  }
  for (const response of op.responses) yield* response.content;
}

/** Each repeated schema of the operations replaced by `{ $shared: index }` into the returned list (JSON texts). */
function shareSchemas(operations: Operation[]): string[] {
  const holders = operations.flatMap((op) => [...schemaHolders(op)]);
  const texts = holders.map(({ schema }) => (schema ? JSON.stringify(schema) : undefined)); // once each
  const count = new Map<string, number>();
  for (const text of texts) if (text) count.set(text, (count.get(text) ?? 0) + 1);
  const shared: string[] = [];
  const indexOf = new Map<string, number>();
  holders.forEach((holder, at) => {
    const text = texts[at];
    if (!text || (count.get(text) ?? 0) < 2) return;
    let index = indexOf.get(text);
    if (index === undefined) {
      index = shared.push(text) - 1;
      indexOf.set(text, index);
    }
    (holder as { schema: unknown }).schema = { $shared: index };
  });
  return shared;
}

/** The model file (JSON) and the details file (a line of JSON per operation) of a model. */
export function packModel(model: ContractModel): { model: string; details: string } {
  const copy = JSON.parse(JSON.stringify(model)) as ContractModel & { operations: Operation[] };
  const shared = shareSchemas(copy.operations);
  const lines: string[] = [];
  let offset = 0;
  const operations = copy.operations.map((op) => {
    const summary: Record<string, unknown> = {};
    const rest: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(op)) (SUMMARY.has(name) ? summary : rest)[name] = value;
    const line = `${JSON.stringify(rest)}\n`;
    lines.push(line);
    const start = offset;
    offset += Buffer.byteLength(line);
    return { ...summary, $details: [start, offset - 1], $detailNames: Object.keys(rest) }; // "\n" left out
  });
  const details = lines.join('');
  const detailsSha256 = createHash('sha256').update(details).digest('hex');
  const file = { detailsFile: DETAILS_FILE, detailsSha256, model: { ...copy, operations } };
  return { model: `{"sharedSchemas":[${shared.join(',')}],${JSON.stringify(file).slice(1)}\n`, details };
}
