// The contract's two envelopes (§7), as the spec marks them: `x-envelope: error` on the standard error
// envelope and `x-envelope: success` on the webhook operations' success envelope. Reading the marker, not a
// response code or a shape, keeps every room agreeing on which schema is which.
import type { ContractModel, JsonSchema, Operation, Response } from './model.js';
import { jsonContent, responseFor } from './responses.js';
import { resolveSchema } from './schemas.js';

export type EnvelopeKind = 'error' | 'success';

/** The envelope a schema is (a `$ref` to one too), by its `x-envelope` marker. */
export const envelopeKind = (schema: JsonSchema | undefined): EnvelopeKind | undefined => {
  const kind = resolveSchema(schema)?.['x-envelope'];
  return kind === 'error' || kind === 'success' ? kind : undefined;
};

/** The JSON body schema of a response, when it documents one. */
export const bodySchemaOf = (response: Response | undefined): JsonSchema | undefined =>
  response && jsonContent(response.content)?.schema;

/** The schema of the operation's error answers: the body of the response covering 400. */
export const errorSchemaOf = (op: Operation): JsonSchema | undefined => bodySchemaOf(responseFor(op, 400));

/** The contract-wide error envelope: the schema marked `x-envelope: error` on any operation's response, resolved. */
export function errorEnvelope(model: ContractModel): JsonSchema {
  const found = markedSchema(model, 'error');
  if (!found)
    throw new Error('no response schema is marked x-envelope: error: the error envelope is unknown');
  return found;
}

/** The success envelope, when the contract has one (the schema marked `x-envelope: success`). */
export const successEnvelope = (model: ContractModel): JsonSchema | undefined =>
  markedSchema(model, 'success');

function markedSchema(model: ContractModel, kind: EnvelopeKind): JsonSchema | undefined {
  for (const op of model.operations)
    for (const response of op.responses) {
      const schema = bodySchemaOf(response);
      if (envelopeKind(schema) === kind) return resolveSchema(schema);
    }
  return undefined;
}
