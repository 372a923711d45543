// The identifier inputs of an operation: what a request names that a server must have issued before —
// path and query parameters (not the idempotency one, which the client makes up, nor an enum) and the
// request body's top-level fields named `id` or `…Id`. Stateful verification fills these from answers.
import { type JsonSchema, type Operation, resolveSchema } from '@banking-api/contract';

export interface IdentifierInput {
  readonly name: string;
  readonly in: 'path' | 'query' | 'body';
  readonly schema: JsonSchema | undefined;
}

const isIdName = (name: string) => name === 'id' || /[a-z0-9]Id$/.test(name);

export function identifierInputs(op: Operation): IdentifierInput[] {
  const inputs: IdentifierInput[] = [];
  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    if (op.idempotency?.parameter === p.name || resolveSchema(p.schema)?.enum) continue;
    inputs.push({ name: p.name, in: p.in, schema: p.schema });
  }
  for (const media of op.requestBody?.content ?? []) {
    const properties = (resolveSchema(media.schema)?.properties ?? {}) as Record<string, JsonSchema>;
    for (const name of Object.keys(properties))
      if (isIdName(name) && !inputs.some((i) => i.name === name))
        inputs.push({ name, in: 'body', schema: properties[name] });
  }
  return inputs;
}

/** The names of every identifier input of the contract: what is worth harvesting from answers. */
export const identifierNames = (ops: readonly Operation[]): Set<string> =>
  new Set(ops.flatMap((op) => identifierInputs(op).map((i) => i.name)));
